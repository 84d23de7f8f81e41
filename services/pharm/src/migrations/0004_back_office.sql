CREATE TYPE "pharm"."announcement_type" AS ENUM('DISCOUNT', 'BANNER');--> statement-breakpoint
ALTER TABLE "pharm"."announcements" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."announcements" ADD COLUMN "type" "pharm"."announcement_type" DEFAULT 'BANNER' NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."announcements" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "catalog_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "is_yarpa_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "bumped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN "estimated_price" integer;