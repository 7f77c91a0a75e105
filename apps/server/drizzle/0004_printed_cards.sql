CREATE TABLE "printed_card_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_by_user_id" integer,
	"count" integer NOT NULL,
	"cards_per_page" integer NOT NULL,
	"cards" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printed_card_sets_count_check" CHECK ("printed_card_sets"."count" between 1 and 500),
	CONSTRAINT "printed_card_sets_per_page_check" CHECK ("printed_card_sets"."cards_per_page" in (1, 2, 4))
);
--> statement-breakpoint
ALTER TABLE "printed_card_sets" ADD CONSTRAINT "printed_card_sets_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printed_card_sets" ADD CONSTRAINT "printed_card_sets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printed_card_sets_code_idx" ON "printed_card_sets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "printed_card_sets_room_idx" ON "printed_card_sets" USING btree ("room_id");