CREATE TABLE "pharm"."stock_days" (
	"product_slug" text NOT NULL,
	"day" date NOT NULL,
	"pharmacies_in_stock" integer NOT NULL,
	"pharmacies_offering" integer NOT NULL,
	"units" integer NOT NULL,
	"lowest" integer,
	"median" integer,
	"highest" integer,
	CONSTRAINT "stock_days_product_slug_day_pk" PRIMARY KEY("product_slug","day")
);
--> statement-breakpoint
CREATE TABLE "pharm"."stock_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_product_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stock_outs_period_check" CHECK ("pharm"."stock_outs"."ended_at" IS NULL OR "pharm"."stock_outs"."ended_at" >= "pharm"."stock_outs"."started_at")
);
--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD COLUMN "company_slug" text;--> statement-breakpoint
ALTER TABLE "pharm"."stock_outs" ADD CONSTRAINT "stock_outs_pharm_product_id_pharm_products_id_fk" FOREIGN KEY ("pharm_product_id") REFERENCES "pharm"."pharm_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_days_day_idx" ON "pharm"."stock_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_outs_open_key" ON "pharm"."stock_outs" USING btree ("pharm_product_id") WHERE "pharm"."stock_outs"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_outs_offer_started_idx" ON "pharm"."stock_outs" USING btree ("pharm_product_id","started_at");--> statement-breakpoint
CREATE INDEX "stock_outs_started_idx" ON "pharm"."stock_outs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "products_view_company_idx" ON "pharm"."products_view" USING btree ("company_slug","name");--> statement-breakpoint
ALTER TABLE "pharm"."products_view" ADD CONSTRAINT "products_view_product_id_unique" UNIQUE("product_id");--> statement-breakpoint
-- The companies' market (issue 29) reads a company's offers from this index alone (drizzle's schema has no INCLUDE).
CREATE INDEX "pharm_products_market_idx" ON "pharm"."pharm_products" USING btree ("product_slug")
  INCLUDE ("id", "pharm_id", "price", "amount", "in_stock", "confirmed_at", "expires_at") WHERE "published";
--> statement-breakpoint
-- Stock-outs are recorded here and only here, whichever writer moves an offer (back office, partner feed, orders, seed):
-- an offer that was published and in stock and is no longer opens a stock-out; one that is both again closes it.
-- An offer created out of stock never ran out, so inserts record nothing; a deleted offer's rows go with it.
CREATE OR REPLACE FUNCTION pharm.note_stock_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published AND NEW.in_stock THEN
    UPDATE pharm.stock_outs SET ended_at = now() WHERE pharm_product_id = NEW.id AND ended_at IS NULL;
  ELSE
    INSERT INTO pharm.stock_outs (pharm_product_id, started_at) VALUES (NEW.id, now())
      ON CONFLICT (pharm_product_id) WHERE ended_at IS NULL DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pharm_products_stock_out AFTER UPDATE OF in_stock, published ON pharm.pharm_products
  FOR EACH ROW WHEN ((OLD.published AND OLD.in_stock) IS DISTINCT FROM (NEW.published AND NEW.in_stock))
  EXECUTE FUNCTION pharm.note_stock_out();--> statement-breakpoint
-- Offers out of stock before stock-outs were recorded: out since their last change.
INSERT INTO pharm.stock_outs (pharm_product_id, started_at)
  SELECT id, updated_at FROM pharm.pharm_products WHERE published AND NOT in_stock;
