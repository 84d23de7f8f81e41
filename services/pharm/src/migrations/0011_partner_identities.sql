-- The licensed-data partner's identities (issue 28). Written to run where the stock feed's migration added the same
-- columns and constraints first: each is added only when missing.
ALTER TABLE "pharm"."pharmacies" ADD COLUMN IF NOT EXISTS "partner_code" text;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD COLUMN IF NOT EXISTS "partner_feed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN IF NOT EXISTS "yarpa_product_id" text;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'pharmacies_partner_code_unique' AND connamespace = 'pharm'::regnamespace) THEN
    ALTER TABLE "pharm"."pharmacies" ADD CONSTRAINT "pharmacies_partner_code_unique" UNIQUE("partner_code");
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'products_view_yarpa_product_id_unique' AND connamespace = 'pharm'::regnamespace) THEN
    ALTER TABLE "pharm"."products_view" ADD CONSTRAINT "products_view_yarpa_product_id_unique" UNIQUE("yarpa_product_id");
  END IF;
END $$;
