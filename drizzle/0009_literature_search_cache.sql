CREATE TABLE "literature_search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "literature_search_cache_created_idx" ON "literature_search_cache" USING btree ("created_at");