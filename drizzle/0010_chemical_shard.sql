CREATE TABLE "writing_sections" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"section_number" text NOT NULL,
	"section_title" text NOT NULL,
	"section_level" integer NOT NULL,
	"custom_instructions" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "writing_sections_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
ALTER TABLE "writing_sections" ADD CONSTRAINT "writing_sections_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;