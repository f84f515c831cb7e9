ALTER TABLE "leads" ADD COLUMN "person_phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "person_email" text;--> statement-breakpoint
-- data: begin
-- One open lead per person (docs/decisions/073-one-open-lead-per-person.md). Each lead's key is its opening enquiry's
-- phone and e-mail (erased enquiries have none). Already merged leads hand their enquiries to the lead they joined.
UPDATE "leads" SET "person_phone" = c."phone", "person_email" = c."email" FROM "contact_messages" c WHERE c."id" = "leads"."id";--> statement-breakpoint
UPDATE "contact_messages" SET "lead_id" = l."merged_into_id" FROM "leads" l WHERE l."id" = "contact_messages"."lead_id" AND l."merged_into_id" IS NOT NULL;--> statement-breakpoint
-- Every open lead that shares a phone or an e-mail with an older open lead joins the oldest one it shares one with.
CREATE TEMPORARY TABLE "lead_person_joins" AS
SELECT d."id", (
  SELECT k."id" FROM "leads" k
  WHERE k."stage" NOT IN ('lost', 'sold') AND k."merged_into_id" IS NULL
    AND (k."created_at" < d."created_at" OR (k."created_at" = d."created_at" AND k."id" < d."id"))
    AND ((d."person_phone" IS NOT NULL AND k."person_phone" = d."person_phone")
      OR (d."person_email" IS NOT NULL AND k."person_email" = d."person_email"))
  ORDER BY k."created_at", k."id" LIMIT 1
) AS "into_id"
FROM "leads" d
WHERE d."stage" NOT IN ('lost', 'sold') AND d."merged_into_id" IS NULL;--> statement-breakpoint
DELETE FROM "lead_person_joins" WHERE "into_id" IS NULL;--> statement-breakpoint
-- A chain (C shares an e-mail with B, B a phone with A) joins its start: A.
UPDATE "lead_person_joins" j SET "into_id" = p."into_id" FROM "lead_person_joins" p WHERE p."id" = j."into_id";--> statement-breakpoint
UPDATE "lead_person_joins" j SET "into_id" = p."into_id" FROM "lead_person_joins" p WHERE p."id" = j."into_id";--> statement-breakpoint
UPDATE "lead_person_joins" j SET "into_id" = p."into_id" FROM "lead_person_joins" p WHERE p."id" = j."into_id";--> statement-breakpoint
-- A lead holding a unit keeps it and stays apart (a merge never drops a reservation), without a key.
UPDATE "leads" SET "person_phone" = NULL, "person_email" = NULL FROM "lead_person_joins" j WHERE j."id" = "leads"."id" AND "leads"."unit_id" IS NOT NULL;--> statement-breakpoint
DELETE FROM "lead_person_joins" j USING "leads" l WHERE l."id" = j."id" AND l."unit_id" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_messages" SET "lead_id" = j."into_id" FROM "lead_person_joins" j WHERE "contact_messages"."lead_id" = j."id";--> statement-breakpoint
UPDATE "lead_events" SET "lead_id" = j."into_id" FROM "lead_person_joins" j WHERE "lead_events"."lead_id" = j."id";--> statement-breakpoint
UPDATE "lead_jobs" SET "done_at" = now() FROM "lead_person_joins" j WHERE "lead_jobs"."lead_id" = j."id" AND "lead_jobs"."done_at" IS NULL;--> statement-breakpoint
UPDATE "leads" SET "merged_into_id" = j."into_id" FROM "lead_person_joins" j WHERE "leads"."merged_into_id" = j."id";--> statement-breakpoint
UPDATE "leads" SET "merged_into_id" = j."into_id" FROM "lead_person_joins" j WHERE "leads"."id" = j."id";--> statement-breakpoint
INSERT INTO "lead_events" ("lead_id", "kind", "data", "created_at")
SELECT j."into_id", 'merged', jsonb_build_object('mergedId', j."id", 'name', c."name", 'phone', c."phone", 'email', c."email",
  'source', c."source", 'stage', d."stage", 'createdAt', d."created_at", 'auto', true), now()
FROM "lead_person_joins" j JOIN "leads" d ON d."id" = j."id" JOIN "contact_messages" c ON c."id" = j."id";--> statement-breakpoint
INSERT INTO "lead_events" ("lead_id", "kind", "data", "created_at")
SELECT j."id", 'merged', jsonb_build_object('mergedInto', j."into_id", 'auto', true), now() FROM "lead_person_joins" j;--> statement-breakpoint
INSERT INTO "audit_logs" ("user_id", "entity_type", "entity_id", "action", "previous_state", "new_state")
SELECT NULL, 'contact_message', j."into_id"::text, 'merge',
  jsonb_build_object('other', jsonb_build_object('mergedId', j."id", 'stage', d."stage", 'createdAt', d."created_at"), 'ownerId', d."owner_id"),
  jsonb_build_object('mergedInto', j."into_id", 'rule', 'one open lead per person')
FROM "lead_person_joins" j JOIN "leads" d ON d."id" = j."id";--> statement-breakpoint
DROP TABLE "lead_person_joins";
-- data: end
