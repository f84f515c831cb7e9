CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"floors" integer DEFAULT 1 NOT NULL,
	"basements" integer DEFAULT 0 NOT NULL,
	"phase" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"lead_id" integer,
	"kind" text NOT NULL,
	"held_by" uuid,
	"price" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"release_reason" text
);
--> statement-breakpoint
CREATE TABLE "unit_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" uuid,
	"hold_id" integer,
	"lead_id" integer,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"rooms" integer,
	"private_area" numeric(10, 2),
	"total_area" numeric(10, 2),
	"direction" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"view" text,
	"price" integer,
	"floor_plan_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hold_minutes" integer DEFAULT 2880 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hold_max_minutes" integer DEFAULT 4320 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "inventory_state" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "building_id" integer;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "type_id" integer;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "view" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "floor_plan_url" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holds" ADD CONSTRAINT "unit_holds_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holds" ADD CONSTRAINT "unit_holds_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holds" ADD CONSTRAINT "unit_holds_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holds" ADD CONSTRAINT "unit_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_price_changes" ADD CONSTRAINT "unit_price_changes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_price_changes" ADD CONSTRAINT "unit_price_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_transitions" ADD CONSTRAINT "unit_transitions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_transitions" ADD CONSTRAINT "unit_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_transitions" ADD CONSTRAINT "unit_transitions_hold_id_unit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."unit_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_transitions" ADD CONSTRAINT "unit_transitions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_types" ADD CONSTRAINT "unit_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_project_name_key" ON "buildings" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_holds_active_key" ON "unit_holds" USING btree ("unit_id") WHERE "unit_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "unit_holds_lead_idx" ON "unit_holds" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "unit_holds_expiry_idx" ON "unit_holds" USING btree ("expires_at") WHERE "unit_holds"."released_at" is null and "unit_holds"."kind" = 'hold';--> statement-breakpoint
CREATE INDEX "unit_price_changes_unit_idx" ON "unit_price_changes" USING btree ("unit_id","at");--> statement-breakpoint
CREATE INDEX "unit_transitions_unit_idx" ON "unit_transitions" USING btree ("unit_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_types_project_name_key" ON "unit_types" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "units_building_floor_idx" ON "units" USING btree ("building_id","floor");--> statement-breakpoint
-- data: begin
-- units.building_id and units.type_id point at tables of db/tables/inventory.ts, which db/schema.ts may not import
-- (no import circle), so their foreign keys are declared here (docs/decisions/076-unit-inventory-states-and-holds.md).
ALTER TABLE "units" ADD CONSTRAINT "units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_type_id_unit_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."unit_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_inventory_state_check" CHECK ("inventory_state" IN ('available', 'held', 'reserved', 'sold', 'blocked'));--> statement-breakpoint
-- Every unit keeps its SPEC status; the inventory state follows from it (محجوزة → reserved, مباعة → sold).
UPDATE "units" SET "inventory_state" = CASE "status" WHEN 'مباعة' THEN 'sold' WHEN 'محجوزة' THEN 'reserved' ELSE 'available' END;--> statement-breakpoint
-- One building per building name a project's units carry, tall and deep enough for its units' floors.
INSERT INTO "buildings" ("project_id", "name", "floors", "basements")
SELECT "project_id", "building", GREATEST(COALESCE(MAX("floor"), 0) + 1, 1), GREATEST(-COALESCE(MIN("floor"), 0), 0)
FROM "units" GROUP BY "project_id", "building";--> statement-breakpoint
UPDATE "units" SET "building_id" = b."id" FROM "buildings" b WHERE b."project_id" = "units"."project_id" AND b."name" = "units"."building";--> statement-breakpoint
-- A lead at حجز linked to a unit holds it: that link becomes the unit's active reservation, at the unit's price.
INSERT INTO "unit_holds" ("unit_id", "lead_id", "kind", "held_by", "price", "created_at")
SELECT l."unit_id", l."id", 'reservation', l."owner_id", u."price", COALESCE(l."stage_changed_at", l."created_at")
FROM "leads" l JOIN "units" u ON u."id" = l."unit_id" WHERE l."stage" = 'reserved';--> statement-breakpoint
UPDATE "units" SET "inventory_state" = 'reserved', "status" = 'محجوزة' WHERE "id" IN (SELECT "unit_id" FROM "unit_holds" WHERE "released_at" IS NULL);
-- data: end
