ALTER TABLE "writing_sections" ADD COLUMN "section_index" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "writing_sections" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;