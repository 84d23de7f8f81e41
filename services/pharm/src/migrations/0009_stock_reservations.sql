-- Stock order took per batch (pharm.stock.reserve): held until the batch is placed, released when order gives up or an order is canceled.
CREATE TYPE "pharm"."stock_reservation_status" AS ENUM('held', 'confirmed', 'released');--> statement-breakpoint
CREATE TABLE "pharm"."stock_reservation_lines" (
	"batch_uid" uuid NOT NULL,
	"pharm_product_id" integer NOT NULL,
	"pharm_slug" text NOT NULL,
	"quantity" integer NOT NULL,
	"taken" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "stock_reservation_lines_batch_uid_pharm_product_id_pk" PRIMARY KEY("batch_uid","pharm_product_id"),
	CONSTRAINT "stock_reservation_lines_taken_check" CHECK ("pharm"."stock_reservation_lines"."taken" >= 0 AND "pharm"."stock_reservation_lines"."taken" <= "pharm"."stock_reservation_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "pharm"."stock_reservations" (
	"batch_uid" uuid PRIMARY KEY NOT NULL,
	"status" "pharm"."stock_reservation_status" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharm"."stock_reservation_lines" ADD CONSTRAINT "stock_reservation_lines_batch_uid_stock_reservations_batch_uid_fk" FOREIGN KEY ("batch_uid") REFERENCES "pharm"."stock_reservations"("batch_uid") ON DELETE cascade ON UPDATE no action;