CREATE TABLE "whatsapp_connection" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"app_secret" text,
	"access_token" text,
	"verify_token" text NOT NULL,
	"templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"templates_fetched_at" timestamp with time zone,
	"last_webhook_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_greetings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"wa_message_id" text,
	"kind" text NOT NULL,
	"body" text,
	"media_id" text,
	"media_url" text,
	"media_mime" text,
	"file_name" text,
	"media_status" text,
	"media_attempts" integer DEFAULT 0 NOT NULL,
	"media_next_at" timestamp with time zone,
	"location" jsonb,
	"template" jsonb,
	"referral" jsonb,
	"status" text NOT NULL,
	"error_code" integer,
	"sent_by_id" uuid,
	"automated" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "whatsapp_opt_in_version" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_greetings" ADD CONSTRAINT "whatsapp_greetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wa_message_id_key" ON "whatsapp_messages" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_lead_idx" ON "whatsapp_messages" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_idx" ON "whatsapp_messages" USING btree ("phone","direction","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_media_idx" ON "whatsapp_messages" USING btree ("media_next_at") WHERE "whatsapp_messages"."media_status" = 'pending';