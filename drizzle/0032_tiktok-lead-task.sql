ALTER TABLE "lead_form_forms" ADD COLUMN "backfill_task_id" text;--> statement-breakpoint
ALTER TABLE "lead_form_forms" ADD COLUMN "backfill_task_polls" integer DEFAULT 0 NOT NULL;