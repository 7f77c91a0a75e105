CREATE TABLE "org_retention" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"games_months" integer,
	"answers_months" integer,
	"audit_months" integer,
	"daily_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_retention_games_check" CHECK ("org_retention"."games_months" in (3, 6, 12, 24)),
	CONSTRAINT "org_retention_answers_check" CHECK ("org_retention"."answers_months" in (3, 6, 12, 24)),
	CONSTRAINT "org_retention_audit_check" CHECK ("org_retention"."audit_months" in (3, 6, 12, 24))
);
--> statement-breakpoint
ALTER TABLE "org_retention" ADD CONSTRAINT "org_retention_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;