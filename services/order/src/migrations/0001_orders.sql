CREATE TYPE "order"."documents_state" AS ENUM('none', 'sending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "order"."order_status" AS ENUM('new', 'open', 'pending', 'complete', 'canceled', 'closed');--> statement-breakpoint
CREATE TABLE "order"."batches" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"pharm_slug" text NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."id_number_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pharm_product_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"list_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_uid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"pharm_slug" text NOT NULL,
	"pharm_name" text NOT NULL,
	"pharm_phone" text,
	"pharm_address" text,
	"pharm_city" text,
	"pharm_order_email" text,
	"status" "order"."order_status" DEFAULT 'new' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"pickup" boolean NOT NULL,
	"address" text,
	"house_number" text,
	"floor" integer,
	"apartment" integer,
	"notes" text,
	"items_total" integer NOT NULL,
	"list_total" integer NOT NULL,
	"discounts_total" integer NOT NULL,
	"shipping_price" integer NOT NULL,
	"total" integer NOT NULL,
	"shipment_id" integer,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_number_ciphertext" text,
	"id_number_key_id" text,
	"id_number_purged_at" timestamp with time zone,
	"documents" "order"."documents_state" DEFAULT 'none' NOT NULL,
	"documents_delivery_id" uuid,
	"documents_delivered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"final_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order"."pii_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from" "order"."order_status",
	"to" "order"."order_status" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "order"."coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."id_number_reads" ADD CONSTRAINT "id_number_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."orders" ADD CONSTRAINT "orders_batch_uid_batches_uid_fk" FOREIGN KEY ("batch_uid") REFERENCES "order"."batches"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."status_history" ADD CONSTRAINT "status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_user_fingerprint_idx" ON "order"."batches" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_user_code_idx" ON "order"."coupon_redemptions" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "id_number_reads_order_idx" ON "order"."id_number_reads" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order"."order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "order"."orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pharm_created_idx" ON "order"."orders" USING btree ("pharm_slug","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_batch_idx" ON "order"."orders" USING btree ("batch_uid");--> statement-breakpoint
CREATE INDEX "orders_delivery_idx" ON "order"."orders" USING btree ("documents_delivery_id") WHERE "order"."orders"."documents_delivery_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_purge_idx" ON "order"."orders" USING btree ("final_at") WHERE "order"."orders"."id_number_ciphertext" IS NOT NULL AND "order"."orders"."final_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "status_history_order_idx" ON "order"."status_history" USING btree ("order_id");