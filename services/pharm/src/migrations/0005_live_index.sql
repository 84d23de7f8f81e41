-- The offer index reads pharm_products directly now: the partial index of the discounts query has no reader left.
DROP INDEX IF EXISTS "pharm"."pharm_products_shown_discount_idx";
--> statement-breakpoint
-- The change feed of the offer index (kit: changeFeedDdl('pharm')) and the tables it copies.
CREATE TABLE IF NOT EXISTS pharm.changes (
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  entity text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS changes_xid_idx ON pharm.changes (xid);
CREATE INDEX IF NOT EXISTS changes_at_idx ON pharm.changes (at);
CREATE OR REPLACE FUNCTION pharm.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
  new_key text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
BEGIN
  IF old_key IS NOT NULL THEN INSERT INTO pharm.changes (entity, key) VALUES (TG_ARGV[0], old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    INSERT INTO pharm.changes (entity, key) VALUES (TG_ARGV[0], new_key);
  END IF;
  PERFORM pg_notify('pharm_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pharm_products_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.pharm_products
  FOR EACH ROW EXECUTE FUNCTION pharm.note_change('offer', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_view_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.products_view
  FOR EACH ROW EXECUTE FUNCTION pharm.note_change('product', 'slug');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pharmacies_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.pharmacies
  FOR EACH ROW EXECUTE FUNCTION pharm.note_change('pharm', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pharmacy_tags_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.pharmacy_tags
  FOR EACH ROW EXECUTE FUNCTION pharm.note_change('pharm', 'pharm_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pharm_tags_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.pharm_tags
  FOR EACH ROW EXECUTE FUNCTION pharm.note_change('tag', 'id');
