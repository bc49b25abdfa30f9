CREATE TABLE "tracking_status_counts" (
	"status" "tracking_status" PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tracking_history_status_created_at_idx" ON "tracking_history" USING btree ("status","created_at");--> statement-breakpoint
-- Exact per-status counts kept by statement-level triggers (docs/decisions/008): one grouped
-- upsert per statement, so a bulk insert of a million rows costs one aggregate, not a million updates.
CREATE FUNCTION "tracking_status_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tracking_status_counts" AS c ("status", "count")
    SELECT "status", count(*) FROM "new_rows" GROUP BY "status" ORDER BY "status"
  ON CONFLICT ("status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tracking_status_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tracking_status_counts" AS c ("status", "count")
    SELECT d."status", sum(d."delta") FROM (
      SELECT o."status", -1 AS "delta" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE o."status" <> n."status"
      UNION ALL
      SELECT n."status", 1 AS "delta" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE o."status" <> n."status"
    ) d
    GROUP BY d."status" HAVING sum(d."delta") <> 0 ORDER BY d."status"
  ON CONFLICT ("status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tracking_status_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tracking_status_counts" c SET "count" = c."count" - d."n"
    FROM (SELECT "status", count(*) AS "n" FROM "old_rows" GROUP BY "status") d
    WHERE c."status" = d."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tracking_status_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tracking_status_counts" SET "count" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trackings_status_counts_insert" AFTER INSERT ON "trackings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tracking_status_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "trackings_status_counts_update" AFTER UPDATE ON "trackings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tracking_status_counts_on_update"();
--> statement-breakpoint
CREATE TRIGGER "trackings_status_counts_delete" AFTER DELETE ON "trackings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tracking_status_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "trackings_status_counts_truncate" AFTER TRUNCATE ON "trackings"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_status_counts_on_truncate"();
--> statement-breakpoint
INSERT INTO "tracking_status_counts" ("status", "count")
  SELECT "status", count(*) FROM "trackings" GROUP BY "status";
