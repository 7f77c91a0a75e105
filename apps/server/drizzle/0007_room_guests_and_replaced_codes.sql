CREATE TABLE "replaced_join_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "allow_guests" boolean;--> statement-breakpoint
ALTER TABLE "replaced_join_codes" ADD CONSTRAINT "replaced_join_codes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;