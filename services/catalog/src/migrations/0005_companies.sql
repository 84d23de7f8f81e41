CREATE TYPE "catalog"."supply_state" AS ENUM('available', 'short', 'out');--> statement-breakpoint
CREATE TABLE "catalog"."companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"licence_number" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "catalog"."product_supply" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"company_slug" text NOT NULL,
	"state" "catalog"."supply_state" NOT NULL,
	"until" date,
	"units" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."supply_edits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"company_slug" text NOT NULL,
	"state" "catalog"."supply_state" NOT NULL,
	"until" date,
	"units" integer,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD COLUMN "company_slug" text;--> statement-breakpoint
ALTER TABLE "catalog"."product_supply" ADD CONSTRAINT "product_supply_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "catalog"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."product_supply" ADD CONSTRAINT "product_supply_company_slug_companies_slug_fk" FOREIGN KEY ("company_slug") REFERENCES "catalog"."companies"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."supply_edits" ADD CONSTRAINT "supply_edits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "catalog"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."supply_edits" ADD CONSTRAINT "supply_edits_company_slug_companies_slug_fk" FOREIGN KEY ("company_slug") REFERENCES "catalog"."companies"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_edits_company_idx" ON "catalog"."supply_edits" USING btree ("company_slug","edited_at");--> statement-breakpoint
CREATE INDEX "supply_edits_product_idx" ON "catalog"."supply_edits" USING btree ("product_id","edited_at");--> statement-breakpoint
ALTER TABLE "catalog"."products" ADD CONSTRAINT "products_company_slug_companies_slug_fk" FOREIGN KEY ("company_slug") REFERENCES "catalog"."companies"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_slug_idx" ON "catalog"."products" USING btree ("company_slug");--> statement-breakpoint
-- A company's supply report shows on its product (Product.supply): the product index reads the product again, and the
-- read cache's version moves, through the change feed (0002's catalog.note_change).
CREATE OR REPLACE TRIGGER product_supply_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.product_supply
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('product', 'product_id');
--> statement-breakpoint
-- Cached answers drawn from companies (their logos) follow them too; the index reads no company row.
CREATE OR REPLACE TRIGGER companies_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.companies
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('company', 'slug');
