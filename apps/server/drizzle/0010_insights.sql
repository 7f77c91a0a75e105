CREATE TABLE "insights_choices" (
	"game_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"content_id" integer NOT NULL,
	"choice" integer NOT NULL,
	"correct" boolean NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "insights_choices_game_id_seq_choice_pk" PRIMARY KEY("game_id","seq","choice")
);
--> statement-breakpoint
CREATE TABLE "insights_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_games" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	"facilitator_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"started" boolean DEFAULT false NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"left_early" integer DEFAULT 0 NOT NULL,
	"winners" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_players" (
	"game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"left_early" boolean DEFAULT false NOT NULL,
	"bingos" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"right_answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_players_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "insights_sends" (
	"game_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"content_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"session_id" integer,
	"sent_at" timestamp with time zone NOT NULL,
	"present" integer NOT NULL,
	"is_question" boolean DEFAULT false NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"right_answers" integer DEFAULT 0 NOT NULL,
	"answer_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_sends_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "insights_wins" (
	"game_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"round" integer NOT NULL,
	"prize" integer NOT NULL,
	"pattern" text NOT NULL,
	"balls" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first" boolean NOT NULL,
	CONSTRAINT "insights_wins_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
ALTER TABLE "insights_choices" ADD CONSTRAINT "insights_choices_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_games" ADD CONSTRAINT "insights_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_players" ADD CONSTRAINT "insights_players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_sends" ADD CONSTRAINT "insights_sends_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_wins" ADD CONSTRAINT "insights_wins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_games_org_started_idx" ON "insights_games" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE INDEX "insights_players_user_idx" ON "insights_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "insights_sends_content_idx" ON "insights_sends" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "insights_wins_pattern_idx" ON "insights_wins" USING btree ("pattern");