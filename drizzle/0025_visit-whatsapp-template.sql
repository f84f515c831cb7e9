ALTER TABLE "visit_settings" ADD COLUMN "whatsapp_template_name" text;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD COLUMN "whatsapp_template_language" text DEFAULT 'ar' NOT NULL;