CREATE TABLE "rewrite_sections" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"section_index" integer NOT NULL,
	"section_number" text NOT NULL,
	"section_title" text NOT NULL,
	"section_level" integer NOT NULL,
	"original_content" text NOT NULL,
	"task_type" text NOT NULL,
	"custom_instructions" text DEFAULT '' NOT NULL,
	"enable_literature_search" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_citations" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "rewrite_sections_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
ALTER TABLE "rewrite_sections" ADD CONSTRAINT "rewrite_sections_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;