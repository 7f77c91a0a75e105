CREATE TABLE "org_xapi" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"endpoint" text,
	"auth_key" text,
	"secret_encrypted" text,
	"identify_by_email" boolean DEFAULT false NOT NULL,
	"iri_base" text NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"statement_id" uuid NOT NULL,
	"statement" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_xapi" ADD CONSTRAINT "org_xapi_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_statements_org_statement_idx" ON "xapi_statements" USING btree ("org_id","statement_id");--> statement-breakpoint
CREATE INDEX "xapi_statements_due_idx" ON "xapi_statements" USING btree ("org_id","next_at") WHERE "xapi_statements"."delivered_at" is null and "xapi_statements"."refused_at" is null;