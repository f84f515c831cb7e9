ALTER TABLE "contact_messages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_key("contact_messages"."name" || ' ' || coalesce("contact_messages"."email", '') || ' ' || coalesce("contact_messages"."message", ''))) STORED;--> statement-breakpoint
CREATE INDEX "contact_messages_uncontacted_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."first_contact_at" is null and "contact_messages"."stage" not in ('lost', 'sold');--> statement-breakpoint
CREATE INDEX "contact_messages_follow_up_idx" ON "contact_messages" USING btree ("follow_up_at") WHERE "contact_messages"."follow_up_at" is not null and "contact_messages"."stage" not in ('lost', 'sold');--> statement-breakpoint
-- desk-server (hand-written): trigram index of the stored search form (the lead desk's list search).
CREATE INDEX "contact_messages_search_text_idx" ON "contact_messages" USING gin ("search_text" gin_trgm_ops);
