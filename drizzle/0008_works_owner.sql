ALTER TABLE "works" DROP CONSTRAINT "works_dedupe_key_unique";--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "works_shared_dedupe_key_idx" ON "works" USING btree ("dedupe_key") WHERE "works"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "works_owned_dedupe_key_idx" ON "works" USING btree ("owner_id","dedupe_key") WHERE "works"."owner_id" is not null;