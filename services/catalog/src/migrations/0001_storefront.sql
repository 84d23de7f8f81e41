CREATE TYPE "catalog"."faq_category" AS ENUM('regulatory', 'commercial', 'educational');--> statement-breakpoint
CREATE TYPE "catalog"."product_type" AS ENUM('flower', 'oil', 'pre-roll');--> statement-breakpoint
CREATE TABLE "catalog"."faq_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"category" "catalog"."faq_category" NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"medical_disclaimer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."footer_links" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"new_window" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."offers" (
	"pharm_product_id" integer PRIMARY KEY NOT NULL,
	"product_slug" text NOT NULL,
	"pharm_slug" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"in_stock" boolean NOT NULL,
	"published" boolean NOT NULL,
	"expires_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."pharms_view" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"logo_url" text,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."product_stats" (
	"product_slug" text PRIMARY KEY NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"pharm_count" integer DEFAULT 0 NOT NULL,
	"max_expires_at" timestamp with time zone,
	"best_discount_pct" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."read_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."social_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"region" text NOT NULL,
	"city" text,
	"category" text,
	"dosage" text,
	"discount_percent" integer,
	"price_cap" integer,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "type" "catalog"."product_type" DEFAULT 'flower' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "thc" integer;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "cbd" integer;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "effects" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "tastes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "terpenes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "sterilization_method" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "growing_facility" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "origin_specie" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "pesticide_method" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "microbial_load" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "moisture_test" text;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "estimated_price" integer;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "launched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "catalog"."tags" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "catalog"."tags" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "catalog"."tags" ADD COLUMN "seo_description" text;--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "catalog"."offers" USING btree ("product_slug");--> statement-breakpoint
CREATE INDEX "pharms_view_search_trgm_idx" ON "catalog"."pharms_view" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "catalog"."products" USING btree ("family");--> statement-breakpoint
CREATE INDEX "products_launched_idx" ON "catalog"."products" USING btree ("launched_at");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "catalog"."products" USING gin ("search_text" gin_trgm_ops);