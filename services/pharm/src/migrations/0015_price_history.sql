CREATE TYPE "pharm"."alert_kind" AS ENUM('price', 'stock');--> statement-breakpoint
CREATE TYPE "pharm"."offer_change_source" AS ENUM('back-office', 'feed', 'order', 'system');--> statement-breakpoint
CREATE TABLE "pharm"."alert_deliveries" (
	"alert_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"price" integer NOT NULL,
	"pharm_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharm"."alert_matcher" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"horizon" bigint NOT NULL,
	"seen" bigint[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharm"."offer_history" (
	"id" bigserial NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"pharm_product_id" integer NOT NULL,
	"pharm_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"price" integer NOT NULL,
	"prev_price" integer,
	"in_stock" boolean NOT NULL,
	"amount" integer,
	"published" boolean NOT NULL,
	"was_available" boolean,
	"source" "pharm"."offer_change_source" NOT NULL,
	CONSTRAINT "offer_history_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "pharm"."price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"kind" "pharm"."alert_kind" NOT NULL,
	"below" integer,
	"lat" double precision,
	"lng" double precision,
	"radius_km" smallint,
	"sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_on" date,
	CONSTRAINT "price_alerts_user_product_kind_key" UNIQUE("user_id","product_slug","kind"),
	CONSTRAINT "price_alerts_place_check" CHECK (("pharm"."price_alerts"."lat" IS NULL) = ("pharm"."price_alerts"."lng" IS NULL) AND ("pharm"."price_alerts"."lat" IS NULL) = ("pharm"."price_alerts"."radius_km" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "pharm"."price_days" (
	"product_slug" text NOT NULL,
	"day" date NOT NULL,
	"lowest" integer NOT NULL,
	CONSTRAINT "price_days_product_slug_day_pk" PRIMARY KEY("product_slug","day")
);
--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "price_before" integer;--> statement-breakpoint
ALTER TABLE "pharm"."pharm_products" ADD COLUMN "price_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharm"."alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "pharm"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "pharm"."alert_deliveries" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "offer_history_offer_at_idx" ON "pharm"."offer_history" USING btree ("pharm_product_id","at");--> statement-breakpoint
CREATE INDEX "offer_history_xid_idx" ON "pharm"."offer_history" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "price_alerts_product_idx" ON "pharm"."price_alerts" USING btree ("product_slug");--> statement-breakpoint
-- Issue 31. offer_history is partitioned by month: this keeps a partition for this month and the next two, and drops
-- the months wholly older than `keep_months` (the daily snapshot job calls it). The default partition catches a row
-- no month takes (it stays empty while the job runs).
CREATE OR REPLACE FUNCTION pharm.keep_offer_history(keep_months integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  part record;
BEGIN
  FOR i IN 0..2 LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS pharm.%I PARTITION OF pharm.offer_history FOR VALUES FROM (%L) TO (%L)',
      'offer_history_' || to_char(month + make_interval(months => i), 'YYYYMM'),
      (month + make_interval(months => i))::timestamp AT TIME ZONE 'UTC', (month + make_interval(months => i + 1))::timestamp AT TIME ZONE 'UTC');
  END LOOP;
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'pharm.offer_history'::regclass AND c.relname ~ '^offer_history_[0-9]{6}$'
        AND to_date(substr(c.relname, 15), 'YYYYMM') < month - make_interval(months => keep_months) LOOP
    EXECUTE format('DROP TABLE pharm.%I', part.relname);
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE pharm.offer_history_default PARTITION OF pharm.offer_history DEFAULT;--> statement-breakpoint
SELECT pharm.keep_offer_history(24);--> statement-breakpoint
-- Every change of an offer's price, stock or publication is a row of offer_history, whoever wrote it; and an offer
-- published and in stock at a live pharmacy lowers its product's lowest price of the day (price_days, Israel's day).
CREATE OR REPLACE FUNCTION pharm.note_offer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pharm.offer_history (pharm_product_id, pharm_id, product_slug, price, prev_price, in_stock, amount, published, was_available, source)
    VALUES (NEW.id, NEW.pharm_id, NEW.product_slug, NEW.price,
      CASE WHEN TG_OP = 'UPDATE' THEN OLD.price END, NEW.in_stock, NEW.amount, NEW.published,
      CASE WHEN TG_OP = 'UPDATE' THEN OLD.published AND OLD.in_stock END,
      coalesce(nullif(current_setting('pharm.change_source', true), ''), 'system')::pharm.offer_change_source);
  IF NEW.published AND NEW.in_stock AND EXISTS (SELECT 1 FROM pharm.pharmacies WHERE id = NEW.pharm_id AND state = 'live') THEN
    INSERT INTO pharm.price_days (product_slug, day, lowest) VALUES (NEW.product_slug, (now() AT TIME ZONE 'Asia/Jerusalem')::date, NEW.price)
      ON CONFLICT (product_slug, day) DO UPDATE SET lowest = least(pharm.price_days.lowest, excluded.lowest)
      WHERE excluded.lowest < pharm.price_days.lowest;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pharm_products_history_insert AFTER INSERT ON pharm.pharm_products
  FOR EACH ROW EXECUTE FUNCTION pharm.note_offer_change();--> statement-breakpoint
CREATE TRIGGER pharm_products_history_update AFTER UPDATE OF price, in_stock, amount, published ON pharm.pharm_products
  FOR EACH ROW WHEN ((OLD.price, OLD.in_stock, OLD.amount, OLD.published) IS DISTINCT FROM (NEW.price, NEW.in_stock, NEW.amount, NEW.published))
  EXECUTE FUNCTION pharm.note_offer_change();--> statement-breakpoint
-- A drop keeps the price before it (the highest of a run of drops within the mark's 7 days); a rise to that price or
-- above ends the mark.
CREATE OR REPLACE FUNCTION pharm.note_price_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price < OLD.price THEN
    NEW.price_before := CASE WHEN OLD.price_dropped_at > now() - interval '7 days' AND OLD.price_before > OLD.price
      THEN OLD.price_before ELSE OLD.price END;
    NEW.price_dropped_at := now();
  ELSIF NEW.price >= coalesce(OLD.price_before, 0) THEN
    NEW.price_before := NULL;
    NEW.price_dropped_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER pharm_products_price_drop BEFORE UPDATE OF price ON pharm.pharm_products
  FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION pharm.note_price_drop();--> statement-breakpoint
-- The days before price_days existed: the daily snapshots' lowest price.
INSERT INTO pharm.price_days (product_slug, day, lowest) SELECT product_slug, day, lowest FROM pharm.stock_days WHERE lowest IS NOT NULL;--> statement-breakpoint
-- The alert matcher starts at the changes from now on.
INSERT INTO pharm.alert_matcher (id, horizon, seen) VALUES (1, pg_snapshot_xmin(pg_current_snapshot())::text::bigint, '{}');
