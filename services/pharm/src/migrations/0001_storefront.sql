CREATE TYPE "pharm"."pharm_shipping" AS ENUM('free', 'free-all-country', 'paid', 'paid-all-country', 'no-shipping');--> statement-breakpoint
CREATE TYPE "pharm"."slide_type" AS ENUM('pharmProductsQuery', 'image');--> statement-breakpoint
CREATE TABLE "pharm"."announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_id" integer NOT NULL,
	"content" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharm"."pharm_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"amount" integer,
	"published" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharm_products_pharm_product_key" UNIQUE("pharm_id","product_slug"),
	CONSTRAINT "pharm_products_price_check" CHECK ("pharm"."pharm_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pharm"."pharm_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "pharm_tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pharm"."pharmacies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phone" text,
	"whatsapp" text,
	"waze_address" text,
	"logo_url" text,
	"is_onboard" boolean DEFAULT true NOT NULL,
	"is_stock_only" boolean DEFAULT false NOT NULL,
	"shipping" "pharm"."pharm_shipping" DEFAULT 'no-shipping' NOT NULL,
	"shipment_notes" text,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"popularity" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pharm"."pharmacy_tags" (
	"pharm_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "pharmacy_tags_pharm_id_tag_id_pk" PRIMARY KEY("pharm_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "pharm"."products_view" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"type" text NOT NULL,
	"image_url" text,
	"heb_name" text NOT NULL,
	"eng_name" text NOT NULL,
	"company" text,
	"cannabis_type" text,
	"dosage" text,
	"thc" integer,
	"cbd" integer,
	"family" text,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharm"."slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_id" integer NOT NULL,
	"placement" smallint NOT NULL,
	"type" "pharm"."slide_type" NOT NULL,
	"template" text,
	"template_data" jsonb,
	"query" jsonb,
	"pharm_product_ids" integer[],
	"image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slides_pharm_placement_key" UNIQUE("pharm_id","placement"),
	CONSTRAINT "slides_placement_check" CHECK ("pharm"."slides"."placement" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "pharm"."announcements" ADD CONSTRAINT "announcements_pharm_id_pharmacies_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "pharm"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD CONSTRAINT "pharm_products_pharm_id_pharmacies_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "pharm"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacy_tags" ADD CONSTRAINT "pharmacy_tags_pharm_id_pharmacies_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "pharm"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacy_tags" ADD CONSTRAINT "pharmacy_tags_tag_id_pharm_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "pharm"."pharm_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."slides" ADD CONSTRAINT "slides_pharm_id_pharmacies_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "pharm"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_pharm_idx" ON "pharm"."announcements" USING btree ("pharm_id");--> statement-breakpoint
CREATE INDEX "pharm_products_product_idx" ON "pharm"."pharm_products" USING btree ("product_slug");--> statement-breakpoint
CREATE INDEX "pharm_products_discount_idx" ON "pharm"."pharm_products" USING btree ("pharm_id") WHERE "pharm"."pharm_products"."published" AND "pharm"."pharm_products"."original_price" > "pharm"."pharm_products"."price";--> statement-breakpoint
CREATE INDEX "pharmacies_city_idx" ON "pharm"."pharmacies" USING btree ("city");--> statement-breakpoint
CREATE INDEX "pharmacies_district_idx" ON "pharm"."pharmacies" USING btree ("district");--> statement-breakpoint
CREATE INDEX "pharmacies_search_trgm_idx" ON "pharm"."pharmacies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pharmacy_tags_tag_idx" ON "pharm"."pharmacy_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "products_view_family_idx" ON "pharm"."products_view" USING btree ("family");--> statement-breakpoint
CREATE INDEX "products_view_search_trgm_idx" ON "pharm"."products_view" USING gin ("search_text" gin_trgm_ops);