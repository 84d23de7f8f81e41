-- The licensed-data partner's identities (issue 28): a pharmacy's partner code and last feed, a product's partner id.
ALTER TABLE "pharm"."pharmacies" ADD COLUMN "partner_code" text;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD COLUMN "partner_feed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN "yarpa_product_id" text;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD CONSTRAINT "pharmacies_partner_code_unique" UNIQUE("partner_code");--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD CONSTRAINT "products_view_yarpa_product_id_unique" UNIQUE("yarpa_product_id");
