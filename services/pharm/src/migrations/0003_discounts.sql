CREATE TYPE "pharm"."discount_amount_type" AS ENUM('percent', 'fixed', 'price');--> statement-breakpoint
CREATE TYPE "pharm"."discount_type" AS ENUM('all-products', 'specific-products', 'coupon');--> statement-breakpoint
CREATE TABLE "pharm"."discount_products" (
	"discount_id" integer NOT NULL,
	"pharm_product_id" integer NOT NULL,
	CONSTRAINT "discount_products_discount_id_pharm_product_id_pk" PRIMARY KEY("discount_id","pharm_product_id")
);
--> statement-breakpoint
CREATE TABLE "pharm"."discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "pharm"."discount_type" NOT NULL,
	"amount_type" "pharm"."discount_amount_type" NOT NULL,
	"amount" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"allow_multiple" boolean DEFAULT false NOT NULL,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_amount_check" CHECK ("pharm"."discounts"."amount" >= 1 AND ("pharm"."discounts"."amount_type" <> 'percent' OR "pharm"."discounts"."amount" <= 100)),
	CONSTRAINT "discounts_price_coupon_check" CHECK ("pharm"."discounts"."amount_type" <> 'price' OR "pharm"."discounts"."type" = 'coupon'),
	CONSTRAINT "discounts_dates_check" CHECK ("pharm"."discounts"."starts_at" <= "pharm"."discounts"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "always_in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD COLUMN "order_email" text;--> statement-breakpoint
ALTER TABLE "pharm"."discount_products" ADD CONSTRAINT "discount_products_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "pharm"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."discount_products" ADD CONSTRAINT "discount_products_pharm_product_id_pharm_products_id_fk" FOREIGN KEY ("pharm_product_id") REFERENCES "pharm"."pharm_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharm"."discounts" ADD CONSTRAINT "discounts_pharm_id_pharmacies_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "pharm"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_products_offer_idx" ON "pharm"."discount_products" USING btree ("pharm_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_key" ON "pharm"."discounts" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discounts_pharm_idx" ON "pharm"."discounts" USING btree ("pharm_id");