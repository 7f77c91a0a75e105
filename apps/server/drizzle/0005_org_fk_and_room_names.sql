ALTER TABLE "users" RENAME COLUMN "organization_id" TO "org_id";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_organization_id_organizations_id_fk";
--> statement-breakpoint
DROP INDEX "rooms_org_idx";--> statement-breakpoint
DROP INDEX "users_org_role_idx";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Rooms that already share a name in their organization keep the oldest as it is; the others get " (2)", " (3)", ...
UPDATE "rooms" SET "name" = "rooms"."name" || ' (' || "d"."n" || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "org_id", lower("name") ORDER BY "id") AS "n" FROM "rooms") AS "d" WHERE "d"."id" = "rooms"."id" AND "d"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_org_name_idx" ON "rooms" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "users_org_role_idx" ON "users" USING btree ("org_id","role");