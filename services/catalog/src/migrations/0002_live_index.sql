-- The change feed of catalog's in-memory product index (kit's changeFeedDdl('catalog')) and the tables it copies.
CREATE TABLE IF NOT EXISTS catalog.changes (
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  entity text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS changes_xid_idx ON catalog.changes (xid);
CREATE INDEX IF NOT EXISTS changes_at_idx ON catalog.changes (at);
CREATE OR REPLACE FUNCTION catalog.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
  new_key text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
BEGIN
  IF old_key IS NOT NULL THEN INSERT INTO catalog.changes (entity, key) VALUES (TG_ARGV[0], old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    INSERT INTO catalog.changes (entity, key) VALUES (TG_ARGV[0], new_key);
  END IF;
  PERFORM pg_notify('catalog_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.products
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('product', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_tags_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.product_tags
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('product', 'product_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_stats_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.product_stats
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('stats', 'product_slug');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tags_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.tags
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('tag', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER search_words_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.search_words
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('word', 'word');
