ALTER TYPE "public"."shipment_status" ADD VALUE 'arrived' BEFORE 'customs';--> statement-breakpoint
-- hand-written below
-- A departure that left takes no more shipments (docs/product/departures.md#what-a-milestone-moves):
-- those whose 'Salida' (or a later milestone) was recorded before the rule are closed now.
UPDATE "departures" d SET "status" = 'closed', "closed_at" = now(), "updated_at" = now()
WHERE d."status" = 'open'
  AND EXISTS (
    SELECT 1 FROM "departure_milestones" m
    WHERE m."departure_id" = d."id" AND m."actual_on" IS NOT NULL AND m."kind" <> 'reception_closed'
  );
