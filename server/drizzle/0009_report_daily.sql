CREATE TABLE "report_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"packages" bigint DEFAULT 0 NOT NULL,
	"shipments" bigint DEFAULT 0 NOT NULL,
	"shipping_cost_usd" numeric(16, 2) DEFAULT 0 NOT NULL,
	"carried_packages" bigint DEFAULT 0 NOT NULL,
	"revenue_usd" numeric(16, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Daily report totals kept by statement-level triggers (docs/decisions/010): one grouped upsert
-- per statement, only for the days whose totals changed, so a status change touches nothing
-- and a bulk insert costs one aggregate. The day is the calendar day in America/Caracas, the
-- business's clock (BUSINESS_TIME_ZONE in server/src/queries/trackings.ts).
CREATE FUNCTION "report_daily_packages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "packages" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "packages")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "packages" = r."packages" + excluded."packages";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "packages")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "packages" = r."packages" + excluded."packages";
  ELSE
    INSERT INTO "report_daily" AS r ("day", "packages")
      SELECT d."day", sum(d."n") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", 1 AS "n" FROM "new_rows"
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -1 FROM "old_rows"
      ) d GROUP BY d."day" HAVING sum(d."n") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "packages" = r."packages" + excluded."packages";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_daily_carried"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "carried_packages" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "carried_packages")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "carried_packages" = r."carried_packages" + excluded."carried_packages";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "carried_packages")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "carried_packages" = r."carried_packages" + excluded."carried_packages";
  ELSE
    INSERT INTO "report_daily" AS r ("day", "carried_packages")
      SELECT d."day", sum(d."n") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", 1 AS "n" FROM "new_rows"
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -1 FROM "old_rows"
      ) d GROUP BY d."day" HAVING sum(d."n") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "carried_packages" = r."carried_packages" + excluded."carried_packages";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_daily_shipments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "shipments" = 0, "shipping_cost_usd" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, count(*), sum("shipping_cost_usd") FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd" = r."shipping_cost_usd" + excluded."shipping_cost_usd";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -count(*), -sum("shipping_cost_usd") FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd" = r."shipping_cost_usd" + excluded."shipping_cost_usd";
  ELSE
    INSERT INTO "report_daily" AS r ("day", "shipments", "shipping_cost_usd")
      SELECT d."day", sum(d."n"), sum(d."cost") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", 1 AS "n", "shipping_cost_usd" AS "cost" FROM "new_rows"
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -1, -"shipping_cost_usd" FROM "old_rows"
      ) d GROUP BY d."day" HAVING sum(d."n") <> 0 OR sum(d."cost") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "shipments" = r."shipments" + excluded."shipments",
                                      "shipping_cost_usd" = r."shipping_cost_usd" + excluded."shipping_cost_usd";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_daily_revenue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "report_daily" SET "revenue_usd" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily" AS r ("day", "revenue_usd")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, sum("amount_usd") FROM "new_rows"
      WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd" = r."revenue_usd" + excluded."revenue_usd";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily" AS r ("day", "revenue_usd")
      SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -sum("amount_usd") FROM "old_rows"
      WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd" = r."revenue_usd" + excluded."revenue_usd";
  ELSE
    -- An approval (pending → completed) adds the amount; anything else that keeps a payment
    -- out of 'completed' nets to nothing and writes nothing.
    INSERT INTO "report_daily" AS r ("day", "revenue_usd")
      SELECT d."day", sum(d."amount") FROM (
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", "amount_usd" AS "amount" FROM "new_rows" WHERE "status" = 'completed'
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, -"amount_usd" FROM "old_rows" WHERE "status" = 'completed'
      ) d GROUP BY d."day" HAVING sum(d."amount") <> 0 ORDER BY d."day"
    ON CONFLICT ("day") DO UPDATE SET "revenue_usd" = r."revenue_usd" + excluded."revenue_usd";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "packages_report_daily_insert" AFTER INSERT ON "packages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_packages"();
--> statement-breakpoint
CREATE TRIGGER "packages_report_daily_update" AFTER UPDATE ON "packages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_packages"();
--> statement-breakpoint
CREATE TRIGGER "packages_report_daily_delete" AFTER DELETE ON "packages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_packages"();
--> statement-breakpoint
CREATE TRIGGER "packages_report_daily_truncate" AFTER TRUNCATE ON "packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_packages"();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_report_daily_insert" AFTER INSERT ON "shipment_packages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_carried"();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_report_daily_update" AFTER UPDATE ON "shipment_packages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_carried"();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_report_daily_delete" AFTER DELETE ON "shipment_packages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_carried"();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_report_daily_truncate" AFTER TRUNCATE ON "shipment_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_carried"();
--> statement-breakpoint
CREATE TRIGGER "shipments_report_daily_insert" AFTER INSERT ON "shipments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_shipments"();
--> statement-breakpoint
CREATE TRIGGER "shipments_report_daily_update" AFTER UPDATE ON "shipments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_shipments"();
--> statement-breakpoint
CREATE TRIGGER "shipments_report_daily_delete" AFTER DELETE ON "shipments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_shipments"();
--> statement-breakpoint
CREATE TRIGGER "shipments_report_daily_truncate" AFTER TRUNCATE ON "shipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_shipments"();
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_report_daily_insert" AFTER INSERT ON "payment_transactions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_revenue"();
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_report_daily_update" AFTER UPDATE ON "payment_transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_revenue"();
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_report_daily_delete" AFTER DELETE ON "payment_transactions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_revenue"();
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_report_daily_truncate" AFTER TRUNCATE ON "payment_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_revenue"();
--> statement-breakpoint
-- Rebuilds every day's totals from the tables: run once here, and by `npm run bench` after it
-- bulk-loads with the triggers off.
CREATE FUNCTION "report_daily_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily";
  INSERT INTO "report_daily" ("day", "packages", "shipments", "shipping_cost_usd", "carried_packages", "revenue_usd")
  SELECT "day", sum("packages"), sum("shipments"), sum("cost"), sum("carried"), sum("revenue") FROM (
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date AS "day", count(*) AS "packages", 0 AS "shipments",
           0 AS "cost", 0 AS "carried", 0 AS "revenue"
      FROM "packages" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, count(*), sum("shipping_cost_usd"), 0, 0
      FROM "shipments" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, 0, 0, count(*), 0
      FROM "shipment_packages" GROUP BY 1
    UNION ALL
    SELECT ("created_at" AT TIME ZONE 'America/Caracas')::date, 0, 0, 0, 0, sum("amount_usd")
      FROM "payment_transactions" WHERE "status" = 'completed' GROUP BY 1
  ) t GROUP BY "day";
$$;
--> statement-breakpoint
SELECT "report_daily_rebuild"();
