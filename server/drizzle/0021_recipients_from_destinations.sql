-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Shipments made before recipients existed (docs/product/last-mile.md#delivery) get one
-- recipient each: one per customer and distinct free-text destination (address, city, state),
-- named and reached as the customer's profile says. A cédula or phone the profile keeps in
-- another form is left empty, for the customer to complete. The entry at the profile's own
-- address is the account holder's, unless the customer already has one.
WITH "destinations" AS (
  SELECT DISTINCT "user_id", "delivery_address", "delivery_city", "delivery_state"
  FROM "shipments"
  WHERE "recipient_id" IS NULL
),
"people" AS (
  SELECT d.*,
    coalesce(nullif(btrim(p."full_name"), ''), u."email") AS "full_name",
    upper(regexp_replace(coalesce(p."cedula", ''), '[[:space:]._/-]', '', 'g')) AS "doc",
    regexp_replace(coalesce(p."phone", ''), '[^0-9]', '', 'g') AS "digits",
    btrim(coalesce(p."phone", '')) LIKE '+%' AS "plus",
    coalesce(p."venezuela_address" = d."delivery_address" AND p."venezuela_city" = d."delivery_city"
      AND p."venezuela_state" = d."delivery_state"
      AND NOT EXISTS (SELECT 1 FROM "recipients" r WHERE r."user_id" = d."user_id" AND r."is_account_holder"), false)
      AS "is_account_holder"
  FROM "destinations" d
  JOIN "users" u ON u."id" = d."user_id"
  LEFT JOIN "user_profiles" p ON p."user_id" = d."user_id"
),
"inserted" AS (
  INSERT INTO "recipients" ("user_id", "full_name", "id_document", "phone", "state", "city", "address", "is_account_holder")
  SELECT "user_id", "full_name",
    CASE
      WHEN "doc" ~ '^[0-9]{5,8}$' THEN 'V-' || ("doc"::bigint)::text
      WHEN "doc" ~ '^[VE][0-9]{5,8}$' THEN left("doc", 1) || '-' || (substr("doc", 2)::bigint)::text
    END,
    CASE
      WHEN "plus" AND "digits" ~ '^58[24][0-9]{9}$' THEN '+' || "digits"
      WHEN "plus" THEN NULL
      WHEN "digits" ~ '^0[24][0-9]{9}$' THEN '+58' || substr("digits", 2)
      WHEN "digits" ~ '^[24][0-9]{9}$' THEN '+58' || "digits"
      WHEN "digits" ~ '^58[24][0-9]{9}$' THEN '+' || "digits"
    END,
    "delivery_state", "delivery_city", "delivery_address", "is_account_holder"
  FROM "people"
  RETURNING "id", "user_id", "address", "city", "state"
)
UPDATE "shipments" s SET "recipient_id" = i."id"
FROM "inserted" i
WHERE s."recipient_id" IS NULL AND s."user_id" = i."user_id" AND s."delivery_address" = i."address"
  AND s."delivery_city" = i."city" AND s."delivery_state" = i."state";
