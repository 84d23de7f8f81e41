-- When each offer's price and stock were last confirmed; until now the last edit (updated_at) was the only sign of it.
-- The change-feed trigger is held off for the backfill: it changes no value the running index shows.
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" DISABLE TRIGGER pharm_products_changes;--> statement-breakpoint
UPDATE "pharm"."pharm_products" SET "confirmed_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ENABLE TRIGGER pharm_products_changes;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ALTER COLUMN "confirmed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ALTER COLUMN "confirmed_at" SET NOT NULL;--> statement-breakpoint
-- The pack size of catalog's products (sent in evt.catalog.product.changed from now on), for the unit prices.
ALTER TABLE "pharm"."products_view" ADD COLUMN "size_quantity" integer;--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN "size_unit" text;
