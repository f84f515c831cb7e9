CREATE TABLE "project_payment_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"deposit_sar" integer DEFAULT 0 NOT NULL,
	"terms_text" text DEFAULT '' NOT NULL,
	"refund_window_days" integer DEFAULT 0 NOT NULL,
	"days_to_sign" integer DEFAULT 0 NOT NULL,
	"gateway" text DEFAULT 'moyasar' NOT NULL,
	"secret_key_sealed" text,
	"webhook_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "estimate" jsonb;--> statement-breakpoint
ALTER TABLE "project_payment_settings" ADD CONSTRAINT "project_payment_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;