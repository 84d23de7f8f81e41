-- The pharmacies' life on the marketplace (issue 30): every pharmacy already there is live; a new one starts onboarding.
CREATE TYPE "pharm"."pharm_state" AS ENUM('onboarding', 'live', 'suspended');--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD COLUMN "state" "pharm"."pharm_state" DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ALTER COLUMN "state" SET DEFAULT 'onboarding';--> statement-breakpoint
ALTER TABLE "pharm"."pharmacies" ADD COLUMN "licence_number" text;
