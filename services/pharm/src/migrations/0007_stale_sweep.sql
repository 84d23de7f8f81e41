-- How far offers gone stale (not confirmed for OFFER_STALE_AFTER_HOURS) have been published out of stock: from the start.
CREATE TABLE "pharm"."stale_sweep" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"offer_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stale_sweep_one_row" CHECK ("id")
);
--> statement-breakpoint
CREATE INDEX "pharm_products_confirmed_idx" ON "pharm"."pharm_products" USING btree ("confirmed_at","id");--> statement-breakpoint
INSERT INTO "pharm"."stale_sweep" DEFAULT VALUES;
