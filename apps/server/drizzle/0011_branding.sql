ALTER TABLE "organizations" ADD COLUMN "brand_primary" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_accent" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_key" text;
