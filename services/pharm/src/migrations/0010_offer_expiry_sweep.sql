-- Offers reaching their expiry date go out of stock like stale ones: the sweep keeps a second mark, in (expires_at, id) order.
ALTER TABLE "pharm"."stale_sweep" ADD COLUMN "expires_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."stale_sweep" ADD COLUMN "expired_offer_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pharm_products_expires_idx" ON "pharm"."pharm_products" USING btree ("expires_at","id") WHERE "pharm"."pharm_products"."expires_at" IS NOT NULL;