CREATE TABLE "paper_document_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"paper_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_documents" (
	"paper_id" uuid PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"schema_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "saved_content" text;--> statement-breakpoint
ALTER TABLE "writing_sections" ADD COLUMN "base_content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_document_updates" ADD CONSTRAINT "paper_document_updates_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_documents" ADD CONSTRAINT "paper_documents_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_document_updates_paper_idx" ON "paper_document_updates" USING btree ("paper_id","id");