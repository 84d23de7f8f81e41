CREATE TABLE "shipping_quote"."address_gazetteer" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"street_position" boolean NOT NULL,
	"population" integer NOT NULL,
	"street_text" text NOT NULL,
	"city_text" text NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "address_gazetteer_city_street_unique" UNIQUE("city","street")
);
--> statement-breakpoint
CREATE INDEX "address_gazetteer_search_trgm_idx" ON "shipping_quote"."address_gazetteer" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_gazetteer_street_text_idx" ON "shipping_quote"."address_gazetteer" USING btree ("street_text" text_pattern_ops);