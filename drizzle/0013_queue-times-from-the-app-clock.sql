ALTER TABLE "conversion_events" ALTER COLUMN "next_attempt_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "email_next_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ALTER COLUMN "next_run_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" DROP DEFAULT;