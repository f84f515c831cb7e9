CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid NOT NULL,
	"project_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"hold_id" integer,
	"lead_id" integer,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"national_id_sealed" text NOT NULL,
	"national_id_hash" text NOT NULL,
	"national_id_last4" text NOT NULL,
	"amount_sar" integer NOT NULL,
	"refunded_sar" integer DEFAULT 0 NOT NULL,
	"gateway" text DEFAULT 'moyasar' NOT NULL,
	"hosted_id" text,
	"hosted_url" text,
	"gateway_payment_id" text,
	"consent_version" text NOT NULL,
	"marketing_consent_version" text,
	"ip_address" text,
	"user_agent" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"refund_reason" text,
	"refunded_by" uuid,
	CONSTRAINT "checkouts_token_unique" UNIQUE("token"),
	CONSTRAINT "checkouts_gateway_payment_id_unique" UNIQUE("gateway_payment_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_hold_id_unit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."unit_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_pending_phone_key" ON "checkouts" USING btree ("phone") WHERE "checkouts"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_pending_national_id_key" ON "checkouts" USING btree ("national_id_hash") WHERE "checkouts"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_pending_email_key" ON "checkouts" USING btree ("email") WHERE "checkouts"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "checkouts_pending_expiry_idx" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "checkouts_created_idx" ON "checkouts" USING btree ("created_at");