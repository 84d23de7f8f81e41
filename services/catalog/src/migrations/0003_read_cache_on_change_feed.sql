-- The read cache keys on the product index's version, which the change feed moves (kit: LiveIndex): the tables the
-- cached answers are drawn from and 0002 did not watch join the feed, so no writer has to bump a version by hand.
-- (The feed's function is 0002's catalog.note_change; the index reads none of these entities' rows, it only counts them.)
CREATE OR REPLACE TRIGGER pharms_view_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.pharms_view
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('pharm', 'slug');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER faq_items_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.faq_items
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('faq', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER footer_links_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.footer_links
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('footer', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER social_groups_changes AFTER INSERT OR UPDATE OR DELETE ON catalog.social_groups
  FOR EACH ROW EXECUTE FUNCTION catalog.note_change('social', 'id');
--> statement-breakpoint
-- The version writers bumped by hand until now.
DROP TABLE "catalog"."read_version" CASCADE;
