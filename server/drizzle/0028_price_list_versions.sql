CREATE TABLE "price_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"effective_from" date NOT NULL,
	"prices" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "price_list_version_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "price_list_version_id" uuid;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_versions_number_key" ON "price_list_versions" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_versions_live_from_key" ON "price_list_versions" USING btree ("effective_from") WHERE "price_list_versions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "price_list_versions_from_idx" ON "price_list_versions" USING btree ("effective_from");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_price_list_version_id_price_list_versions_id_fk" FOREIGN KEY ("price_list_version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_price_list_version_id_price_list_versions_id_fk" FOREIGN KEY ("price_list_version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Version 1 of the price list (docs/product/price-lists.md): the quote engine's former constants
-- (shared PRICE_LIST_V1), with the values the administrator had set where they were settings
-- until now: the insurance rule (claims settings), the storage fee per day (storage settings)
-- and the home-delivery fees per zone. Those rows keep their other values; the price list is
-- the one place these are read from from now on.
WITH settings AS (
  SELECT
    (SELECT value::jsonb FROM app_settings WHERE key = 'claims' AND value ~ '^\s*\{') AS claims,
    (SELECT value::jsonb FROM app_settings WHERE key = 'storage' AND value ~ '^\s*\{') AS storage,
    (SELECT value::jsonb FROM app_settings WHERE key = 'delivery_fees' AND value ~ '^\s*\{') AS delivery
)
INSERT INTO "price_list_versions" ("number", "effective_from", "prices")
SELECT 1, DATE '2026-11-27', jsonb_build_object(
  'usaAirRatePerLbUsdCents', 650,
  'usaAirMinLb', 6,
  'volumetricDivisor', 166,
  'usaAirTaxPercent', 15,
  'usaSeaRatePerFt3UsdCents', 4000,
  'usaSeaMinFt3', 1.5,
  'chinaSeaRatePerCbmUsdCents', 99000,
  'chinaSeaMinCbm', 0.005,
  'insuranceRatePercent', coalesce((claims ->> 'insuranceRatePercent')::numeric, 5),
  'insuranceMinimumUsdCents', coalesce((claims ->> 'insuranceMinimumUsdCents')::bigint, 0),
  'storageFeePerDayUsdCents', coalesce(round((storage ->> 'feePerDayUsd')::numeric * 100)::bigint, 50),
  'deliveryFeesUsdCents', jsonb_build_object(
    'caracas', coalesce((delivery ->> 'caracas')::bigint, 500),
    'central', coalesce((delivery ->> 'central')::bigint, 800),
    'interior', coalesce((delivery ->> 'interior')::bigint, 1200)
  )
)
FROM settings;--> statement-breakpoint
-- Every invoice issued before versions existed charged version 1's prices.
UPDATE "invoices" SET "price_list_version_id" = (SELECT "id" FROM "price_list_versions" WHERE "number" = 1);--> statement-breakpoint
-- A new version, a cancellation: each leaves its audit entry (migration 0011).
CREATE TRIGGER "price_list_versions_audit" AFTER INSERT OR UPDATE OR DELETE ON "price_list_versions"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
