CREATE TABLE "org_saml" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"idp_metadata_url" text,
	"idp_entity_id" text,
	"idp_sso_url" text,
	"idp_slo_url" text,
	"idp_certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sp_certificate" text NOT NULL,
	"sp_private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_message_ids" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_saml" ADD CONSTRAINT "org_saml_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;