ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_unit_id_units_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_merged_into_id_contact_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "conversion_events" DROP CONSTRAINT "conversion_events_lead_id_contact_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_lead_id_contact_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_jobs" DROP CONSTRAINT "lead_jobs_lead_id_contact_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_lead_id_contact_messages_id_fk";
--> statement-breakpoint
DROP INDEX "contact_messages_unit_id_key";--> statement-breakpoint
DROP INDEX "contact_messages_owner_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_stage_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_uncontacted_idx";--> statement-breakpoint
DROP INDEX "contact_messages_follow_up_idx";--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_jobs" ADD CONSTRAINT "lead_jobs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "stage";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "owner_id";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "unit_id";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "lost_reason";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "first_contact_at";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "follow_up_at";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "stage_changed_at";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "merged_into_id";