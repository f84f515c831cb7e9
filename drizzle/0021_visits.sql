CREATE TABLE "visit_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"place_kind" text DEFAULT 'office' NOT NULL,
	"place_name" text NOT NULL,
	"map_url" text,
	"days" jsonb NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"min_notice_minutes" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"closed_dates" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_slot_counts" (
	"project_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"booked" integer NOT NULL,
	CONSTRAINT "visit_slot_counts_project_id_starts_at_pk" PRIMARY KEY("project_id","starts_at"),
	CONSTRAINT "visit_slot_counts_booked_check" CHECK ("visit_slot_counts"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"lead_id" integer,
	"enquiry_id" integer,
	"unit_id" integer,
	"landing_page_id" integer,
	"campaign_id" integer,
	"agent_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"outcome_note" text,
	"outcome_at" timestamp with time zone,
	"next_reminder_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_slot_counts" ADD CONSTRAINT "visit_slot_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_enquiry_id_contact_messages_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_messages_due_idx" ON "visit_messages" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "visit_messages_visit_idx" ON "visit_messages" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visits_starts_at_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "visits_agent_starts_idx" ON "visits" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_lead_idx" ON "visits" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "visits_campaign_idx" ON "visits" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "visits_reminder_idx" ON "visits" USING btree ("next_reminder_at") WHERE "visits"."next_reminder_at" is not null;