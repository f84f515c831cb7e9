CREATE TABLE "leads" (
	"id" integer PRIMARY KEY NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"owner_id" uuid,
	"unit_id" integer,
	"lost_reason" text,
	"first_contact_at" timestamp with time zone,
	"follow_up_at" timestamp with time zone,
	"stage_changed_at" timestamp with time zone,
	"merged_into_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_id_contact_messages_id_fk" FOREIGN KEY ("id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merged_into_id_leads_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_unit_id_key" ON "leads" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_stage_created_idx" ON "leads" USING btree ("stage","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_uncontacted_idx" ON "leads" USING btree ("created_at") WHERE "leads"."first_contact_at" is null and "leads"."stage" not in ('lost', 'sold');--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("follow_up_at") WHERE "leads"."follow_up_at" is not null and "leads"."stage" not in ('lost', 'sold');--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_lead_id_idx" ON "contact_messages" USING btree ("lead_id");--> statement-breakpoint
-- data: begin
-- Every message row so far was one person's case: each gets its lead under the same id, with the desk's columns.
INSERT INTO "leads" ("id", "stage", "owner_id", "unit_id", "lost_reason", "first_contact_at", "follow_up_at", "stage_changed_at", "merged_into_id", "created_at")
SELECT "id", "stage", "owner_id", "unit_id", "lost_reason", "first_contact_at", "follow_up_at", "stage_changed_at", NULL, "created_at" FROM "contact_messages";--> statement-breakpoint
UPDATE "leads" SET "merged_into_id" = m."merged_into_id" FROM "contact_messages" m WHERE m."id" = "leads"."id" AND m."merged_into_id" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_messages" SET "lead_id" = "id";
-- data: end
