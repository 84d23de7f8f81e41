CREATE TABLE "identity"."prescriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"categories" text[] NOT NULL,
	"monthly_grams" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."prescriptions" ADD CONSTRAINT "prescriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;