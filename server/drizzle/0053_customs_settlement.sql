CREATE TABLE "customs_settlement_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"threshold_usd_cents" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customs_settlement_settings_one_row" CHECK ("customs_settlement_settings"."id" = 1),
	CONSTRAINT "customs_settlement_settings_threshold" CHECK ("customs_settlement_settings"."threshold_usd_cents" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "customs_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"departure_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"guia" text NOT NULL,
	"category" text NOT NULL,
	"estimate_usd_cents" bigint NOT NULL,
	"paid_usd_cents" bigint NOT NULL,
	"difference_usd_cents" bigint NOT NULL,
	"threshold_usd_cents" bigint NOT NULL,
	"outcome" text NOT NULL,
	"ape_basis_points" integer,
	"ledger_entry_id" bigint,
	"file_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customs_settlements_outcome" CHECK ("customs_settlements"."outcome" in ('charge', 'credit', 'absorbed')),
	CONSTRAINT "customs_settlements_amounts" CHECK ("customs_settlements"."estimate_usd_cents" >= 0 and "customs_settlements"."paid_usd_cents" >= 0),
	CONSTRAINT "customs_settlements_difference" CHECK ("customs_settlements"."difference_usd_cents" = "customs_settlements"."paid_usd_cents" - "customs_settlements"."estimate_usd_cents"),
	CONSTRAINT "customs_settlements_entry" CHECK (("customs_settlements"."outcome" = 'absorbed') = ("customs_settlements"."ledger_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "customs_settlement_settings" ADD CONSTRAINT "customs_settlement_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_settlements" ADD CONSTRAINT "customs_settlements_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_settlements" ADD CONSTRAINT "customs_settlements_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_settlements" ADD CONSTRAINT "customs_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_settlements" ADD CONSTRAINT "customs_settlements_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_settlements" ADD CONSTRAINT "customs_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customs_settlements_shipment_key" ON "customs_settlements" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "customs_settlements_departure_idx" ON "customs_settlements" USING btree ("departure_id");--> statement-breakpoint
CREATE INDEX "customs_settlements_created_at_idx" ON "customs_settlements" USING btree ("created_at");--> statement-breakpoint
-- hand-written below
-- The threshold and each settlement leave their audit entry (migration 0011); a settlement is
-- never edited or deleted, like the ledger entry it made.
CREATE TRIGGER "customs_settlement_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "customs_settlement_settings"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "customs_settlements_audit" AFTER INSERT OR UPDATE OR DELETE ON "customs_settlements"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
