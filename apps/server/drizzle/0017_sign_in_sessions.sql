CREATE TABLE "sign_in_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "sign_in_sessions" ADD CONSTRAINT "sign_in_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_sessions_live_user_idx" ON "sign_in_sessions" USING btree ("user_id") WHERE "sign_in_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "sign_in_sessions_ended_idx" ON "sign_in_sessions" USING btree ("ended_at");--> statement-breakpoint
-- Every refresh family still alive becomes a session (refreshing renews it; its old access tokens,
-- which name no session, are refused and renewed by that refresh).
INSERT INTO "sign_in_sessions" ("id", "user_id", "org_id", "kind", "created_at", "last_seen_at")
SELECT DISTINCT ON (r."family_id") r."family_id", r."user_id", u."org_id",
  CASE WHEN u."role" = 'PLAYER' THEN (CASE WHEN u."is_guest" THEN 'guest' ELSE 'player' END) ELSE 'password' END,
  r."created_at", r."created_at"
FROM "refresh_tokens" r JOIN "users" u ON u."id" = r."user_id"
WHERE r."revoked_at" IS NULL AND r."expires_at" > now()
ORDER BY r."family_id", r."created_at" DESC;
