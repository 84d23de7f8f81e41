ALTER TABLE "identity"."users" ADD COLUMN "google_sub" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_idx" ON "identity"."users" USING btree ("google_sub");