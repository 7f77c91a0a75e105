DROP INDEX "users_username_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_username_lower_idx" ON "users" USING btree ("org_id",lower("username"));