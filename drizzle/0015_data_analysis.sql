CREATE TABLE "data_analysis_steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"file_id" uuid,
	"question" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"plan" jsonb,
	"cells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"report" text,
	"paper_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"original" "bytea" NOT NULL,
	"original_size" integer NOT NULL,
	"sheets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_analysis_steps" ADD CONSTRAINT "data_analysis_steps_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_analysis_steps" ADD CONSTRAINT "data_analysis_steps_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_analysis_steps" ADD CONSTRAINT "data_analysis_steps_file_id_data_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."data_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_analysis_steps" ADD CONSTRAINT "data_analysis_steps_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_files" ADD CONSTRAINT "data_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_analysis_steps_conversation_idx" ON "data_analysis_steps" USING btree ("owner_id","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "data_analysis_steps_paper_idx" ON "data_analysis_steps" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "data_files_owner_idx" ON "data_files" USING btree ("owner_id","created_at");