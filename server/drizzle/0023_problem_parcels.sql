ALTER TYPE "public"."package_status" ADD VALUE 'returned_to_seller';--> statement-breakpoint
ALTER TYPE "public"."package_status" ADD VALUE 'disposed';--> statement-breakpoint
ALTER TYPE "public"."package_status" ADD VALUE 'abandoned';--> statement-breakpoint
CREATE TABLE "package_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text NOT NULL,
	"extra_charge_usd_cents" bigint,
	"abandon_on" date NOT NULL,
	"flagged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"choice" text,
	"decided_at" timestamp with time zone,
	"invoice_id" uuid,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"abandon_soon_notified_at" timestamp with time zone,
	CONSTRAINT "package_problems_charge_positive" CHECK ("package_problems"."extra_charge_usd_cents" is null or "package_problems"."extra_charge_usd_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "package_problems" ADD CONSTRAINT "package_problems_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_problems" ADD CONSTRAINT "package_problems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_problems" ADD CONSTRAINT "package_problems_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_problems" ADD CONSTRAINT "package_problems_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_problems" ADD CONSTRAINT "package_problems_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_problems_open_key" ON "package_problems" USING btree ("package_id") WHERE "package_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "package_problems_user_id_idx" ON "package_problems" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "package_problems_abandon_on_idx" ON "package_problems" USING btree ("abandon_on") WHERE "package_problems"."resolved_at" is null and "package_problems"."choice" is null;--> statement-breakpoint
-- hand-written below
-- Staff's flags and completions leave audit entries (migration 0011); the customer's decision and
-- the abandonment job run with no actor and leave none, like the storage reminders.
CREATE TRIGGER "package_problems_audit" AFTER INSERT OR UPDATE OR DELETE ON "package_problems"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('package_id');
