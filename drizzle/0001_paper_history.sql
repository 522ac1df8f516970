CREATE TABLE "paper_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paper_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"methodology" text NOT NULL,
	"field" text NOT NULL,
	"content" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "paper_history_version_unique" UNIQUE("paper_id","version_number")
);
--> statement-breakpoint
ALTER TABLE "paper_history" ADD CONSTRAINT "paper_history_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_history_paper_idx" ON "paper_history" USING btree ("paper_id","version_number");