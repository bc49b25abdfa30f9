CREATE TYPE "public"."agency_kind" AS ENUM('partner', 'own');--> statement-breakpoint
CREATE TYPE "public"."delivery_method" AS ENUM('home', 'agency');--> statement-breakpoint
ALTER TYPE "public"."shipment_status" ADD VALUE 'ready_for_pickup';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'agencia';--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "agency_kind" NOT NULL,
	"carrier" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"id_document" text,
	"phone" text,
	"state" text NOT NULL,
	"municipality" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"is_account_holder" boolean DEFAULT false NOT NULL,
	"is_authorized" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_method" "delivery_method" DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_fee_usd_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_code_key" ON "agencies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "agencies_state_city_idx" ON "agencies" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "recipients_user_id_idx" ON "recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_account_holder_key" ON "recipients" USING btree ("user_id") WHERE "recipients"."is_account_holder";--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_agency_id_status_idx" ON "shipments" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "shipments_recipient_id_idx" ON "shipments" USING btree ("recipient_id");--> statement-breakpoint
-- hand-written below
-- Staff changes to recipients and agencies leave audit entries (migration 0011).
CREATE TRIGGER "recipients_audit" AFTER INSERT OR UPDATE OR DELETE ON "recipients"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "agencies_audit" AFTER INSERT OR UPDATE OR DELETE ON "agencies"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
