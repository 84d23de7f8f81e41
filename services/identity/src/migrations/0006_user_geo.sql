ALTER TABLE "identity"."users" ADD COLUMN "geo_lat" double precision;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "geo_lng" double precision;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "geo_at" timestamp with time zone;