CREATE TABLE "compliance_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"enforce_from" date
);
--> statement-breakpoint
CREATE TABLE "licence_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landing_campaigns" ADD COLUMN "advertising_license_number" text;--> statement-breakpoint
ALTER TABLE "landing_campaigns" ADD COLUMN "advertising_license_expires_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sale_mode" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advertising_license_issued_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advertising_license_expires_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advertising_license_url" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "off_plan_license_expires_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "escrow_bank" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "escrow_account_name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "escrow_iban" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "fal_license_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "plot_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rights_and_restrictions" text DEFAULT 'لا يوجد' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "advertising_license_number" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "advertising_license_expires_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_alerts_once_key" ON "licence_alerts" USING btree ("entity_type","entity_id","expires_on","days_before");--> statement-breakpoint
CREATE INDEX "licence_alerts_entity_idx" ON "licence_alerts" USING btree ("entity_type","entity_id");--> statement-breakpoint
-- data: begin
-- A fresh install enforces missing licences from the start (null); a database that already holds projects is given
-- 14 days (config/compliance.json upgradeGraceDays) from the upgrade's Asia/Riyadh day (docs/compliance.md).
INSERT INTO "compliance_settings" ("id", "enforce_from")
SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "projects") THEN ((now() AT TIME ZONE 'Asia/Riyadh')::date + 14) ELSE NULL END;
-- data: end
