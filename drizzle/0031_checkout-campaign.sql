ALTER TABLE "checkouts" ADD COLUMN "landing_page_id" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE set null ON UPDATE no action;