CREATE TABLE "identity"."audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text,
	"before" jsonb,
	"after" jsonb,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."business_memberships" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "status_before_block" text;--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "identity"."audit_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "identity"."audit_entries" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_entries_search_trgm_idx" ON "identity"."audit_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_email_business_idx" ON "identity"."invitations" USING btree ("email","kind","slug");--> statement-breakpoint
CREATE INDEX "invitations_business_idx" ON "identity"."invitations" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "business_memberships_business_idx" ON "identity"."business_memberships" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "identity"."users" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) gin_trgm_ops);