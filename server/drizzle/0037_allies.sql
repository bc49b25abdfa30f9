ALTER TYPE "public"."user_role" ADD VALUE 'aliado';--> statement-breakpoint
CREATE TABLE "allies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"prefix" varchar(4) NOT NULL,
	"price_adjustment_bp" integer DEFAULT 0 NOT NULL,
	"contact_email" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allies_prefix_format" CHECK ("allies"."prefix" ~ '^[A-Z]{2,4}$'),
	CONSTRAINT "allies_price_adjustment_range" CHECK ("allies"."price_adjustment_bp" between -5000 and 10000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ally_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "ally_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "allies_prefix_key" ON "allies" USING btree ("prefix");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ally_id_allies_id_fk" FOREIGN KEY ("ally_id") REFERENCES "public"."allies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_ally_id_allies_id_fk" FOREIGN KEY ("ally_id") REFERENCES "public"."allies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_ally_id_idx" ON "users" USING btree ("ally_id");--> statement-breakpoint
-- hand-written below
-- Every change of an ally (created, its adjustment, deactivated) leaves an audit entry (migration 0011).
CREATE TRIGGER "allies_audit" AFTER INSERT OR UPDATE OR DELETE ON "allies"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
