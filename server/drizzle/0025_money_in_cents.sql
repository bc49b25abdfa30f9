-- Money in one unit (docs/decisions/005): every amount becomes integer cents (Bs. in céntimos).
-- Renamed and converted in place, so no row is lost: numeric(…, 2) × 100 is exact, and the
-- indexes on these columns follow the rename and are rebuilt by the type change.
ALTER TABLE "packages" RENAME COLUMN "estimated_value_usd" TO "estimated_value_usd_cents";
--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "estimated_value_usd_cents" SET DATA TYPE bigint USING round("estimated_value_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "prealerts" RENAME COLUMN "amount_spent" TO "amount_spent_usd_cents";
--> statement-breakpoint
ALTER TABLE "prealerts" ALTER COLUMN "amount_spent_usd_cents" SET DATA TYPE bigint USING round("amount_spent_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "prealerts" RENAME COLUMN "estimated_value" TO "estimated_value_usd_cents";
--> statement-breakpoint
ALTER TABLE "prealerts" ALTER COLUMN "estimated_value_usd_cents" SET DATA TYPE bigint USING round("estimated_value_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "trackings" RENAME COLUMN "estimated_value" TO "estimated_value_usd_cents";
--> statement-breakpoint
ALTER TABLE "trackings" ALTER COLUMN "estimated_value_usd_cents" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "trackings" ALTER COLUMN "estimated_value_usd_cents" SET DATA TYPE bigint USING round("estimated_value_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "trackings" ALTER COLUMN "estimated_value_usd_cents" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "shipments" RENAME COLUMN "shipping_cost_usd" TO "shipping_cost_usd_cents";
--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "shipping_cost_usd_cents" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "shipping_cost_usd_cents" SET DATA TYPE bigint USING round("shipping_cost_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "shipping_cost_usd_cents" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "amount_usd" TO "amount_usd_cents";
--> statement-breakpoint
ALTER TABLE "payment_transactions" ALTER COLUMN "amount_usd_cents" SET DATA TYPE bigint USING round("amount_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "amount_ves" TO "amount_ves_cents";
--> statement-breakpoint
ALTER TABLE "payment_transactions" ALTER COLUMN "amount_ves_cents" SET DATA TYPE bigint USING round("amount_ves_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "report_daily" RENAME COLUMN "shipping_cost_usd" TO "shipping_cost_usd_cents";
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "shipping_cost_usd_cents" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "shipping_cost_usd_cents" SET DATA TYPE bigint USING round("shipping_cost_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "shipping_cost_usd_cents" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "report_daily" RENAME COLUMN "revenue_usd" TO "revenue_usd_cents";
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "revenue_usd_cents" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "revenue_usd_cents" SET DATA TYPE bigint USING round("revenue_usd_cents" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "revenue_usd_cents" SET DEFAULT 0;
--> statement-breakpoint
-- hand-written below
-- The report_daily triggers (migration 0009) read and write the renamed columns by name.
CREATE OR REPLACE FUNCTION "report_daily_shipments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "shipments" = 0, "shipping_cost_usd_cents" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd_cents")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, count(*), sum("shipping_cost_usd_cents") FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd_cents" = r."shipping_cost_usd_cents" + excluded."shipping_cost_usd_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd_cents")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -count(*), -sum("shipping_cost_usd_cents") FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd_cents" = r."shipping_cost_usd_cents" + excluded."shipping_cost_usd_cents";
  ELSE
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd_cents")
      SELECT d."day", sum(d."n"), sum(d."cost") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", 1 AS "n", "shipping_cost_usd_cents" AS "cost" FROM "new_rows"
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -1, -"shipping_cost_usd_cents" FROM "old_rows"
      ) d GROUP BY d."day" HAVING sum(d."n") <> 0 OR sum(d."cost") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd_cents" = r."shipping_cost_usd_cents" + excluded."shipping_cost_usd_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_daily_revenue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "revenue_usd_cents" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "revenue_usd_cents")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, sum("amount_usd_cents") FROM "new_rows"
      WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd_cents" = r."revenue_usd_cents" + excluded."revenue_usd_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "revenue_usd_cents")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -sum("amount_usd_cents") FROM "old_rows"
      WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd_cents" = r."revenue_usd_cents" + excluded."revenue_usd_cents";
  ELSE
    -- An approval (pending → completed) adds the amount; anything else that keeps a payment
    -- out of 'completed' nets to nothing and writes nothing.
    INSERT INTO "report_daily" AS r ("day", "revenue_usd_cents")
      SELECT d."day", sum(d."amount") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", "amount_usd_cents" AS "amount" FROM "new_rows" WHERE "status" = 'completed'
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -"amount_usd_cents" FROM "old_rows" WHERE "status" = 'completed'
      ) d GROUP BY d."day" HAVING sum(d."amount") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd_cents" = r."revenue_usd_cents" + excluded."revenue_usd_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_daily_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily";
  INSERT INTO "report_daily" ("day", "packages", "shipments", "shipping_cost_usd_cents", "carried_packages", "revenue_usd_cents")
  SELECT "day", sum("packages"), sum("shipments"), sum("cost"), sum("carried"), sum("revenue") FROM (
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", count(*) AS "packages", 0 AS "shipments",
           0 AS "cost", 0 AS "carried", 0 AS "revenue"
      FROM "packages" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, count(*), sum("shipping_cost_usd_cents"), 0, 0
      FROM "shipments" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, 0, 0, count(*), 0
      FROM "shipment_packages" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, 0, 0, 0, sum("amount_usd_cents")
      FROM "payment_transactions" WHERE "status" = 'completed' GROUP BY 1
  ) t GROUP BY "day";
$$;
