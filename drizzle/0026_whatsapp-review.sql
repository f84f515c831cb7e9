ALTER TABLE "whatsapp_messages" ADD COLUMN "reviewed_by_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "resent_from_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_resent_from_key" ON "whatsapp_messages" USING btree ("resent_from_id");