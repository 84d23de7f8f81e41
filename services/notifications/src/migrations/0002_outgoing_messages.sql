CREATE TABLE "notifications"."outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"transport" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_messages_event_idx" ON "notifications"."outgoing_messages" USING btree ("event_id","channel");--> statement-breakpoint
CREATE INDEX "outgoing_messages_created_idx" ON "notifications"."outgoing_messages" USING btree ("created_at");