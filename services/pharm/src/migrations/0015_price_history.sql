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
-- Statement triggers over the statement's rows (transition tables): a feed's chunk of thousands of rows is one insert
-- into each, not a plpgsql call and an upsert per row (which made a 40,000-row feed four times slower).
CREATE OR REPLACE FUNCTION pharm.note_offer_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_source pharm.offer_change_source := coalesce(nullif(current_setting('pharm.change_source', true), ''), 'system')::pharm.offer_change_source;
  israel_today date := (now() AT TIME ZONE 'Asia/Jerusalem')::date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pharm.offer_history (pharm_product_id, pharm_id, product_slug, price, prev_price, in_stock, amount, published, was_available, source)
      SELECT n.id, n.pharm_id, n.product_slug, n.price, NULL, n.in_stock, n.amount, n.published, NULL, change_source FROM new_rows n;
    INSERT INTO pharm.price_days (product_slug, day, lowest)
      SELECT n.product_slug, israel_today, min(n.price) FROM new_rows n JOIN pharm.pharmacies ph ON ph.id = n.pharm_id AND ph.state = 'live'
      WHERE n.published AND n.in_stock GROUP BY n.product_slug
      ON CONFLICT (product_slug, day) DO UPDATE SET lowest = excluded.lowest WHERE excluded.lowest < pharm.price_days.lowest;
  ELSE
    INSERT INTO pharm.offer_history (pharm_product_id, pharm_id, product_slug, price, prev_price, in_stock, amount, published, was_available, source)
      SELECT n.id, n.pharm_id, n.product_slug, n.price, o.price, n.in_stock, n.amount, n.published, o.published AND o.in_stock, change_source
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.price, o.in_stock, o.amount, o.published) IS DISTINCT FROM (n.price, n.in_stock, n.amount, n.published);
    INSERT INTO pharm.price_days (product_slug, day, lowest)
      SELECT n.product_slug, israel_today, min(n.price) FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN pharm.pharmacies ph ON ph.id = n.pharm_id AND ph.state = 'live'
      WHERE n.published AND n.in_stock AND (o.price, o.in_stock, o.published) IS DISTINCT FROM (n.price, n.in_stock, n.published)
      GROUP BY n.product_slug
      ON CONFLICT (product_slug, day) DO UPDATE SET lowest = excluded.lowest WHERE excluded.lowest < pharm.price_days.lowest;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pharm_products_history_insert AFTER INSERT ON pharm.pharm_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pharm.note_offer_changes();--> statement-breakpoint
CREATE TRIGGER pharm_products_history_update AFTER UPDATE ON pharm.pharm_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pharm.note_offer_changes();--> statement-breakpoint
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
