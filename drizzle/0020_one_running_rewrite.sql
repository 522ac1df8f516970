-- A paper with two running rewrites (possible before this index) keeps its newest; the others end as cancelled.
UPDATE "jobs" SET "status" = 'cancelled', "finished_at" = now(), "updated_at" = now()
WHERE "type" = 'paper-rewrite' AND "status" IN ('pending', 'processing') AND "id" NOT IN (
  SELECT DISTINCT ON ("paper_id") "id" FROM "jobs"
  WHERE "type" = 'paper-rewrite' AND "status" IN ('pending', 'processing')
  ORDER BY "paper_id", "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_running_rewrite_idx" ON "jobs" USING btree ("paper_id") WHERE "jobs"."type" = 'paper-rewrite' and "jobs"."status" in ('pending', 'processing');
