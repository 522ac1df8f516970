CREATE SEQUENCE "public"."works_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "works" (
	"ref_id" text PRIMARY KEY NOT NULL,
	"doc_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "works_doc_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"source_id" text NOT NULL,
	"doi" text,
	"title" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_year" integer,
	"published_month" integer,
	"published_day" integer,
	"container_title" text,
	"source" text,
	"volume" text,
	"issue" text,
	"page" text,
	"publisher" text,
	"abstract" text,
	"hyperlink" text,
	"url" text,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_referenced_by_count" integer,
	"issn" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"isbn" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pdf" text,
	"origin" text NOT NULL,
	"change_seq" bigint DEFAULT nextval('works_change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "works_doc_id_unique" UNIQUE("doc_id"),
	CONSTRAINT "works_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"search_filters" jsonb,
	"selected_model" text,
	"content_language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "works_doi_idx" ON "works" USING btree ("doi");--> statement-breakpoint
CREATE INDEX "works_change_seq_idx" ON "works" USING btree ("change_seq");