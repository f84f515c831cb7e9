CREATE TABLE "lead_form_arrivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"platform_lead_id" text NOT NULL,
	"form_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"received_at" timestamp with time zone NOT NULL,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_form_connections" (
	"platform" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_webhook_at" timestamp with time zone,
	"last_backfill_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"token_refused_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_form_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"form_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consent_text" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"project_id" integer,
	"field_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"backfill_cursor" timestamp with time zone,
	"backfill_due_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_form_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"platform_lead_id" text NOT NULL,
	"enquiry_id" integer,
	"lead_id" integer,
	"form_id" text NOT NULL,
	"form_name" text,
	"page_id" text,
	"ad_id" text,
	"adset_id" text,
	"campaign_id" text,
	"placement" text,
	"is_organic" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent_text" text,
	"consent_answers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_campaigns" ADD COLUMN "platform_campaign_id" text;--> statement-breakpoint
ALTER TABLE "lead_form_forms" ADD CONSTRAINT "lead_form_forms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form_leads" ADD CONSTRAINT "lead_form_leads_enquiry_id_contact_messages_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_form_arrivals_platform_lead_key" ON "lead_form_arrivals" USING btree ("platform","platform_lead_id");--> statement-breakpoint
CREATE INDEX "lead_form_arrivals_due_idx" ON "lead_form_arrivals" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_form_forms_platform_form_key" ON "lead_form_forms" USING btree ("platform","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_form_leads_platform_lead_key" ON "lead_form_leads" USING btree ("platform","platform_lead_id");--> statement-breakpoint
CREATE INDEX "lead_form_leads_enquiry_idx" ON "lead_form_leads" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "lead_form_leads_received_idx" ON "lead_form_leads" USING btree ("platform","received_at");