ALTER TABLE "organizations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_language_check" CHECK ("organizations"."language" IN ('en', 'de', 'fr', 'es', 'nl', 'ar'));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_language_check" CHECK ("rooms"."language" IN ('en', 'de', 'fr', 'es', 'nl', 'ar'));
