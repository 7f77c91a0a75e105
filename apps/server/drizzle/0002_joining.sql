ALTER TABLE "organizations" ADD COLUMN "allow_guests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "join_code" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "join_code_game_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_room_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guest_room_id_rooms_id_fk" FOREIGN KEY ("guest_room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_join_code_idx" ON "rooms" USING btree ("join_code");--> statement-breakpoint
CREATE INDEX "users_guest_room_idx" ON "users" USING btree ("guest_room_id");