-- The projections are folded again from the log (the cursor back to 0): every game's answer times to the microsecond, its players present without answering, and its players' rows without the stored guest flag.
DELETE FROM "insights_choices";--> statement-breakpoint
DELETE FROM "insights_wins";--> statement-breakpoint
DELETE FROM "insights_sends";--> statement-breakpoint
DELETE FROM "insights_players";--> statement-breakpoint
DELETE FROM "insights_games";--> statement-breakpoint
DELETE FROM "insights_months";--> statement-breakpoint
UPDATE "insights_cursor" SET "last_event_id" = 0;--> statement-breakpoint
DROP INDEX "insights_players_game_user_idx";--> statement-breakpoint
ALTER TABLE "insights_sends" ALTER COLUMN "answer_ms" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "insights_sends" ALTER COLUMN "answer_ms" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "insights_sends" ADD COLUMN "unanswered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insights_players" DROP COLUMN "guest";