CREATE TYPE "pharm"."stock_feed_origin" AS ENUM('push', 'pull');--> statement-breakpoint
CREATE TYPE "pharm"."stock_feed_state" AS ENUM('queued', 'validating', 'applying', 'done', 'refused', 'paused');--> statement-breakpoint
CREATE TABLE "pharm"."stock_feed_partners" (
	"id" text PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_pull_at" timestamp with time zone,
	"last_pull_error" text
);
--> statement-breakpoint
CREATE TABLE "pharm"."stock_feed_rejections" (
	"partner" text NOT NULL,
	"feed_id" text NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "stock_feed_rejections_partner_feed_id_line_pk" PRIMARY KEY("partner","feed_id","line")
);
--> statement-breakpoint
CREATE TABLE "pharm"."stock_feeds" (
	"partner" text NOT NULL,
	"id" text NOT NULL,
	"origin" "pharm"."stock_feed_origin" NOT NULL,
	"state" "pharm"."stock_feed_state" DEFAULT 'queued' NOT NULL,
	"signed_at" integer,
	"signature" text,
	"received_at" timestamp with time zone NOT NULL,
	"validated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"lines_done" integer DEFAULT 1 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"reason" text,
	CONSTRAINT "stock_feeds_partner_id_pk" PRIMARY KEY("partner","id")
);
--> statement-breakpoint
ALTER TABLE "pharm"."stock_feed_rejections" ADD CONSTRAINT "stock_feed_rejections_partner_feed_id_stock_feeds_partner_id_fk" FOREIGN KEY ("partner","feed_id") REFERENCES "pharm"."stock_feeds"("partner","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_feeds_partner_received_idx" ON "pharm"."stock_feeds" USING btree ("partner","received_at");