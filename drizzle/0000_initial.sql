CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"previous_state" jsonb,
	"new_state" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"landing_page_id" integer,
	"campaign_id" integer,
	"project_id" integer,
	"update_id" integer,
	"source" text DEFAULT 'home' NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"message" text,
	"is_duplicate" boolean DEFAULT false NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent_version" text,
	"consent_at" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"file_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"landing_page_id" integer NOT NULL,
	"platform_name" text NOT NULL,
	"url_slug" text NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"display_name" text,
	"visits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"slug" text NOT NULL,
	"poster" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"guarantees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"building_specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"thumbnail_url" text,
	"video_url" text,
	"interior_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drone_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"concrete_percentage" integer DEFAULT 0 NOT NULL,
	"plumbing_percentage" integer DEFAULT 0 NOT NULL,
	"electrical_percentage" integer DEFAULT 0 NOT NULL,
	"finishing_percentage" integer DEFAULT 0 NOT NULL,
	"completion_percentage" integer DEFAULT 0 NOT NULL,
	"last_visit_date" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer DEFAULT 0 NOT NULL,
	"city" text,
	"district" text,
	"latitude" double precision,
	"longitude" double precision,
	"featured_rank" integer,
	"distance_from_landmark" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"area_size" numeric(10, 2),
	"area_size_min" numeric(10, 2),
	"area_size_max" numeric(10, 2),
	"area_type" text DEFAULT 'single' NOT NULL,
	"area_unit" text DEFAULT 'm2' NOT NULL,
	"rooms" integer,
	"rooms_min" integer,
	"rooms_max" integer,
	"rooms_type" text DEFAULT 'single' NOT NULL,
	"bathrooms" integer,
	"has_garage" boolean DEFAULT false NOT NULL,
	"has_driver_room" boolean DEFAULT false NOT NULL,
	"has_maid_room" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text,
	"pdf_url" text,
	"guarantees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completion_percentage" integer DEFAULT 0 NOT NULL,
	"sales_override_enabled" boolean DEFAULT false NOT NULL,
	"sales_override_value" integer,
	"concrete_percentage" integer DEFAULT 0 NOT NULL,
	"plumbing_percentage" integer DEFAULT 0 NOT NULL,
	"electrical_percentage" integer DEFAULT 0 NOT NULL,
	"finishing_percentage" integer DEFAULT 0 NOT NULL,
	"advertising_license_number" text,
	"wafi_license_number" text,
	"title_deed_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"permission_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"previous_refresh_token_hash" text,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"price" integer,
	"status" text DEFAULT 'متاحة' NOT NULL,
	"rooms" integer,
	"floor" integer,
	"direction" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"private_area" numeric(10, 2),
	"total_area" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"permission_id" integer NOT NULL,
	"granted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'employee' NOT NULL,
	"name" text NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_campaign_id_landing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."landing_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_update_id_project_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."project_updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_campaigns" ADD CONSTRAINT "landing_campaigns_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_phone_idx" ON "contact_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_landing_page_id_idx" ON "contact_messages" USING btree ("landing_page_id");--> statement-breakpoint
CREATE INDEX "contact_messages_campaign_id_idx" ON "contact_messages" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_hashes_hash_key" ON "file_hashes" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "file_hashes_file_path_idx" ON "file_hashes" USING btree ("file_path");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_campaigns_url_slug_key" ON "landing_campaigns" USING btree ("url_slug");--> statement-breakpoint
CREATE INDEX "landing_campaigns_landing_page_id_idx" ON "landing_campaigns" USING btree ("landing_page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_project_id_key" ON "landing_pages" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_slug_key" ON "landing_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "login_attempts_key_created_idx" ON "login_attempts" USING btree ("key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_key_key" ON "permissions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "project_updates_project_id_idx" ON "project_updates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_updates_created_at_idx" ON "project_updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_featured_rank_idx" ON "projects" USING btree ("featured_rank");--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_city_key" ON "projects" USING btree (lower("name"),lower(coalesce("city", '')));--> statement-breakpoint
CREATE UNIQUE INDEX "role_permissions_role_permission_key" ON "role_permissions" USING btree ("role","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_access_token_hash_key" ON "sessions" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_token_hash_key" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_previous_refresh_token_hash_idx" ON "sessions" USING btree ("previous_refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_project_building_number_key" ON "units" USING btree ("project_id","building","unit_number");--> statement-breakpoint
CREATE INDEX "units_status_idx" ON "units" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_permissions_user_permission_key" ON "user_permissions" USING btree ("user_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id");