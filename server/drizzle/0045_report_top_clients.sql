CREATE TABLE "report_top_client_windows" (
	"period" text PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_top_clients" (
	"period" text NOT NULL,
	"user_id" uuid NOT NULL,
	"packages" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_top_clients_period_user_id_pk" PRIMARY KEY("period","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_top_clients_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_top_clients_rank_idx" ON "report_top_clients" USING btree ("period","packages" DESC NULLS LAST,"last_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
INSERT INTO "report_top_clients_generation" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
-- The counted top clients stay exact (docs/decisions/010, "Top clients"): a statement that adds,
-- removes, re-dates or re-assigns a package of a past business day (or of a day a window
-- counted) bumps the generation, and a window counted under an older generation is counted
-- again. Today's packages, the usual case, bump nothing; status changes compare two ids and
-- two timestamps per row.
CREATE FUNCTION "report_top_clients_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "counted_until" timestamptz := least(
    (date_trunc('day', now() AT TIME ZONE 'America/Caracas')) AT TIME ZONE 'America/Caracas',
    -- null without windows: least() ignores it
    (SELECT max(("last_day" + 1)::timestamp AT TIME ZONE 'America/Caracas') FROM "report_top_client_windows"));
  "touched" boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    "touched" := true;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT EXISTS (SELECT 1 FROM "new_rows" WHERE "created_at" < "counted_until") INTO "touched";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT EXISTS (SELECT 1 FROM "old_rows" WHERE "created_at" < "counted_until") INTO "touched";
  ELSE
    SELECT EXISTS (
      SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."user_id" IS DISTINCT FROM o."user_id" OR n."created_at" <> o."created_at")
        AND least(n."created_at", o."created_at") < "counted_until") INTO "touched";
  END IF;
  IF "touched" THEN
    UPDATE "report_top_clients_generation" SET "n" = "n" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_top_clients_packages_insert" AFTER INSERT ON "packages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_top_clients_touch"();
--> statement-breakpoint
CREATE TRIGGER "report_top_clients_packages_delete" AFTER DELETE ON "packages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_top_clients_touch"();
--> statement-breakpoint
CREATE TRIGGER "report_top_clients_packages_update" AFTER UPDATE ON "packages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_top_clients_touch"();
--> statement-breakpoint
CREATE TRIGGER "report_top_clients_packages_truncate" AFTER TRUNCATE ON "packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_top_clients_touch"();
