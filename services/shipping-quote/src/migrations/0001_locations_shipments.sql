CREATE TYPE "shipping_quote"."location_type" AS ENUM('country', 'district', 'city');--> statement-breakpoint
CREATE TYPE "shipping_quote"."quantity_type" AS ENUM('min-total-price', 'min-items-count');--> statement-breakpoint
CREATE TABLE "shipping_quote"."locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"type" "shipping_quote"."location_type" NOT NULL,
	"display_text" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	CONSTRAINT "locations_type_text_unique" UNIQUE("type","display_text")
);
--> statement-breakpoint
CREATE TABLE "shipping_quote"."shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_slug" text NOT NULL,
	"quantity_type" "shipping_quote"."quantity_type" NOT NULL,
	"pricings" jsonb NOT NULL,
	"location_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_quote"."locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "shipping_quote"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "shipping_quote"."locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "shipments_pharm_idx" ON "shipping_quote"."shipments" USING btree ("pharm_slug");