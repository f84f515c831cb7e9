DROP INDEX "webhook_deliveries_contact_message_id_idx";--> statement-breakpoint
CREATE INDEX "lead_jobs_pending_lead_idx" ON "lead_jobs" USING btree ("lead_id","run_at","id") WHERE "lead_jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_message_newest_idx" ON "webhook_deliveries" USING btree ("contact_message_id","id");