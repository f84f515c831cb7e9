CREATE TABLE "campaign_daily_visits" (
	"campaign_id" integer NOT NULL,
	"day" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_spend" (
	"campaign_id" integer NOT NULL,
	"day" text NOT NULL,
	"amount_halalas" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_connections" (
	"platform" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_token" text,
	"event_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"send_anonymous" boolean DEFAULT false NOT NULL,
	"test_event_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"event_id" text NOT NULL,
	"lead_id" integer,
	"campaign_id" integer,
	"kind" text NOT NULL,
	"event_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"last_status_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "marketing_consent_version" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "marketing_consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_daily_visits" ADD CONSTRAINT "campaign_daily_visits_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_spend" ADD CONSTRAINT "campaign_spend_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_lead_id_contact_messages_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_daily_visits_key" ON "campaign_daily_visits" USING btree ("campaign_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_spend_key" ON "campaign_spend" USING btree ("campaign_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_events_platform_event_id_key" ON "conversion_events" USING btree ("platform","event_id");--> statement-breakpoint
CREATE INDEX "conversion_events_due_idx" ON "conversion_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "conversion_events_lead_idx" ON "conversion_events" USING btree ("lead_id");