CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(translate(lower(coalesce(value, '')), 'أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞ', 'ااااهي01234567890123456789'), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ((search_key("name" || ' ' || coalesce("city", '') || ' ' || coalesce("district", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin ((search_key("name" || ' ' || coalesce("email", '') || ' ' || coalesce("message", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_phone_search_idx" ON "contact_messages" USING gin ((coalesce("phone", '')) gin_trgm_ops);
