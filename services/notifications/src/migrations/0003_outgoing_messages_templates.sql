-- Rows stored before templates were named keep their (already rendered) text only until 0004 drops it: they are 'legacy'.
ALTER TABLE "notifications"."outgoing_messages" ADD COLUMN "template" text NOT NULL DEFAULT 'legacy';--> statement-breakpoint
ALTER TABLE "notifications"."outgoing_messages" ALTER COLUMN "template" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications"."outgoing_messages" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A legacy message not sent yet cannot be rendered again (its secret is not kept): it fails rather than waiting.
UPDATE "notifications"."outgoing_messages" SET "status" = 'failed', "last_error" = 'stored before templates' WHERE "status" = 'queued';
