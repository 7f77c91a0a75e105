CREATE TABLE "insights_months" (
	"month" date PRIMARY KEY NOT NULL,
	"games" integer NOT NULL,
	"players" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insights_games_started_at_idx" ON "insights_games" USING btree ("started_at") WHERE "insights_games"."started";--> statement-breakpoint
CREATE INDEX "insights_players_game_user_idx" ON "insights_players" USING btree ("game_id","user_id","guest");--> statement-breakpoint
CREATE INDEX "insights_sends_question_idx" ON "insights_sends" USING btree ("game_id","content_id","answers","right_answers","answer_ms") WHERE "insights_sends"."is_question";--> statement-breakpoint
CREATE INDEX "insights_choices_wrong_idx" ON "insights_choices" USING btree ("game_id","content_id","choice","players") WHERE not "insights_choices"."correct";--> statement-breakpoint
CREATE INDEX "users_org_registered_players_idx" ON "users" USING btree ("org_id") WHERE "users"."role" = 'PLAYER' and not "users"."is_guest";--> statement-breakpoint
INSERT INTO "insights_months" ("month", "games", "players")
SELECT date_trunc('month', g.started_at at time zone 'UTC')::date, count(DISTINCT g.game_id)::int, count(DISTINCT p.user_id)::int
FROM "insights_games" g LEFT JOIN "insights_players" p ON p.game_id = g.game_id
WHERE g.started
GROUP BY 1;
