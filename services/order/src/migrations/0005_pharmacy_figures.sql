CREATE TABLE "order"."pharmacy_customers" (
	"pharm_slug" text NOT NULL,
	"user_id" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "pharmacy_customers_pharm_slug_user_id_pk" PRIMARY KEY("pharm_slug","user_id")
);
--> statement-breakpoint
CREATE TABLE "order"."pharmacy_order_days" (
	"pharm_slug" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "pharmacy_order_days_pharm_slug_day_pk" PRIMARY KEY("pharm_slug","day")
);
--> statement-breakpoint
CREATE TABLE "order"."pharmacy_order_totals" (
	"pharm_slug" text PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"total" bigint NOT NULL,
	"customers" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "order"."orders_pharm_stats_idx";--> statement-breakpoint
-- Each pharmacy's figures follow its orders in the writer's transaction: statement triggers hand the rows a statement
-- inserted, deleted or moved (an order's pharmacy, customer, total or time: never by the service, only by hand) to
-- one function that adds them (sign 1) or takes them away (sign -1), once per statement. Rows are locked in slug
-- order, so two transactions placing orders at the same pharmacies never wait on each other in opposite orders.
CREATE FUNCTION "order".pharmacy_figures_apply(changed "order".orders[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changed) = 0 THEN RETURN; END IF;
  INSERT INTO "order".pharmacy_order_days AS d (pharm_slug, day, orders, total)
  SELECT pharm_slug, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, sign * count(*), sign * sum(total) FROM unnest(changed) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (pharm_slug, day) DO UPDATE SET orders = d.orders + EXCLUDED.orders, total = d.total + EXCLUDED.total;
  DELETE FROM "order".pharmacy_order_days
  WHERE orders <= 0 AND (pharm_slug, day) IN (SELECT pharm_slug, (created_at AT TIME ZONE 'Asia/Jerusalem')::date FROM unnest(changed));
  WITH customers AS (
    INSERT INTO "order".pharmacy_customers AS c (pharm_slug, user_id, orders)
    SELECT pharm_slug, user_id, sign * count(*) FROM unnest(changed) GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (pharm_slug, user_id) DO UPDATE SET orders = c.orders + EXCLUDED.orders
    RETURNING c.pharm_slug, (xmax = 0) AS first_order, c.orders <= 0 AS no_more
  )
  INSERT INTO "order".pharmacy_order_totals AS t (pharm_slug, orders, total, customers)
  SELECT a.pharm_slug, a.orders, a.total, coalesce(n.customers, 0)
  FROM (SELECT pharm_slug, sign * count(*)::int AS orders, sign * sum(total)::bigint AS total FROM unnest(changed) GROUP BY 1) a
  LEFT JOIN (SELECT pharm_slug, (count(*) FILTER (WHERE first_order) - count(*) FILTER (WHERE no_more))::int AS customers FROM customers GROUP BY 1) n USING (pharm_slug)
  ORDER BY a.pharm_slug
  ON CONFLICT (pharm_slug) DO UPDATE SET orders = t.orders + EXCLUDED.orders, total = t.total + EXCLUDED.total, customers = t.customers + EXCLUDED.customers;
  DELETE FROM "order".pharmacy_customers WHERE orders <= 0 AND (pharm_slug, user_id) IN (SELECT pharm_slug, user_id FROM unnest(changed));
END $$;
--> statement-breakpoint
CREATE FUNCTION "order".pharmacy_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order".pharmacy_figures_apply(ARRAY(SELECT a::"order".orders FROM added a), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order".pharmacy_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order".pharmacy_figures_apply(ARRAY(SELECT r::"order".orders FROM removed r), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order".pharmacy_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order".pharmacy_figures_apply(ARRAY(
    SELECT r::"order".orders FROM removed r JOIN added a USING (id)
    WHERE (r.pharm_slug, r.user_id, r.total, r.created_at) IS DISTINCT FROM (a.pharm_slug, a.user_id, a.total, a.created_at)), -1);
  PERFORM "order".pharmacy_figures_apply(ARRAY(
    SELECT a::"order".orders FROM removed r JOIN added a USING (id)
    WHERE (r.pharm_slug, r.user_id, r.total, r.created_at) IS DISTINCT FROM (a.pharm_slug, a.user_id, a.total, a.created_at)), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_figures_insert AFTER INSERT ON "order".orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "order".pharmacy_figures_inserted();
--> statement-breakpoint
CREATE TRIGGER orders_figures_delete AFTER DELETE ON "order".orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "order".pharmacy_figures_deleted();
--> statement-breakpoint
CREATE TRIGGER orders_figures_update AFTER UPDATE ON "order".orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "order".pharmacy_figures_updated();
--> statement-breakpoint
INSERT INTO "order".pharmacy_order_days (pharm_slug, day, orders, total)
SELECT pharm_slug, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, count(*), sum(total) FROM "order".orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "order".pharmacy_customers (pharm_slug, user_id, orders)
SELECT pharm_slug, user_id, count(*) FROM "order".orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "order".pharmacy_order_totals (pharm_slug, orders, total, customers)
SELECT pharm_slug, count(*), sum(total), count(DISTINCT user_id) FROM "order".orders GROUP BY 1;
