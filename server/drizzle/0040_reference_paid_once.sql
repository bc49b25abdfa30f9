-- A bank reference pays once (docs/decisions/021-billing-in-bolivares.md). Approved payments that
-- already repeat a reference (before this rule a Pago Móvil approved in Pagos could be approved
-- again through a statement line assigned as a transfer) are kept as they are, money already
-- counted that staff correct with an adjustment; each repetition is marked with the payment that
-- carried the reference first, so the unique index below can hold from now on.
WITH "keyed" AS (
  SELECT "id", "metadata",
    first_value("id") OVER (
      PARTITION BY "currency",
        (case when "currency" = 'VES' then '' else coalesce("payment_method", '') end),
        ltrim(upper(regexp_replace("payment_reference", '[^A-Za-z0-9]', '', 'g')), '0')
      ORDER BY "processed_at" NULLS LAST, "created_at", "id"
    ) AS "first_id"
  FROM "payment_transactions"
  WHERE "status" = 'completed'
    AND ltrim(upper(regexp_replace("payment_reference", '[^A-Za-z0-9]', '', 'g')), '0') <> ''
)
UPDATE "payment_transactions" p
SET "metadata" = p."metadata" || jsonb_build_object('reference_paid_before', k."first_id")
FROM "keyed" k
WHERE p."id" = k."id" AND k."id" <> k."first_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_reference_paid_once_key" ON "payment_transactions" USING btree ("currency",(case when "currency" = 'VES' then '' else coalesce("payment_method", '') end),ltrim(upper(regexp_replace("payment_reference", '[^A-Za-z0-9]', '', 'g')), '0')) WHERE "payment_transactions"."status" = 'completed' and ltrim(upper(regexp_replace("payment_transactions"."payment_reference", '[^A-Za-z0-9]', '', 'g')), '0') <> '' and "payment_transactions"."metadata"->>'reference_paid_before' is null;