ALTER TABLE "contact_messages" ADD COLUMN "origin" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "contact_messages" AS m SET "origin" = jsonb_strip_nulls(jsonb_build_object(
  'projectName', (SELECT p."name" FROM "projects" p WHERE p."id" = m."project_id"),
  'landingPageSlug', (SELECT lp."slug" FROM "landing_pages" lp WHERE lp."id" = m."landing_page_id"),
  'platform', (SELECT c."platform_name" FROM "landing_campaigns" c WHERE c."id" = m."campaign_id"),
  'campaignSlug', (SELECT c."url_slug" FROM "landing_campaigns" c WHERE c."id" = m."campaign_id"),
  'campaignName', (SELECT c."display_name" FROM "landing_campaigns" c WHERE c."id" = m."campaign_id"),
  'updateTitle', (SELECT u."title" FROM "project_updates" u WHERE u."id" = m."update_id")
));
