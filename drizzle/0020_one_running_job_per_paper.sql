-- A paper with two running rewrites or writing processes (possible before this index) keeps the newest of each; the others end as cancelled.
UPDATE "jobs" SET "status" = 'cancelled', "finished_at" = now(), "updated_at" = now()
WHERE "type" IN ('paper-rewrite', 'scaffolded-writing') AND "status" IN ('pending', 'processing') AND "id" NOT IN (
  SELECT DISTINCT ON ("paper_id", "type") "id" FROM "jobs"
  WHERE "type" IN ('paper-rewrite', 'scaffolded-writing') AND "status" IN ('pending', 'processing')
  ORDER BY "paper_id", "type", "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_running_per_paper_idx" ON "jobs" USING btree ("paper_id","type") WHERE "jobs"."type" in ('paper-rewrite', 'scaffolded-writing') and "jobs"."status" in ('pending', 'processing');
