-- The read cache keys on the product index's version, which the change feed moves (kit: LiveIndex): the tables the
-- cached answers are drawn from and 0002 did not watch join the feed (0002's catalog.note_change, one trigger
-- `<table>_changes` each), so no writer has to bump a version by hand. The index reads none of these entities' rows;
-- it only counts their changes.
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN SELECT * FROM (VALUES
    ('pharms_view', 'pharm', 'slug'), ('faq_items', 'faq', 'id'), ('footer_links', 'footer', 'id'), ('social_groups', 'social', 'id')
  ) AS t (tbl, entity, key_column) LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON catalog.%I FOR EACH ROW EXECUTE FUNCTION catalog.note_change(%L, %L)',
      watched.tbl || '_changes', watched.tbl, watched.entity, watched.key_column);
  END LOOP;
END $$;
--> statement-breakpoint
-- The version writers bumped by hand until now.
DROP TABLE "catalog"."read_version" CASCADE;
