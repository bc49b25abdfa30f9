-- Outboxes delivered in creation order per recipient (lib/outbox-delivery.ts): each row's place in
-- its queue, numbered for the rows already there in the order they were created; and each
-- webhook event's number within its subscription (docs/product/public-api.md#webhooks).
ALTER TABLE "email_outbox" ADD COLUMN "queue_position" bigint;--> statement-breakpoint
UPDATE "email_outbox" o SET "queue_position" = r.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "email_outbox") r WHERE r.id = o.id;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "queue_position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "queue_position" ADD GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_queue_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"email_outbox_queue_position_seq"', coalesce((SELECT max("queue_position") FROM "email_outbox"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "queue_position" bigint;--> statement-breakpoint
UPDATE "whatsapp_outbox" o SET "queue_position" = r.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "whatsapp_outbox") r WHERE r.id = o.id;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ALTER COLUMN "queue_position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ALTER COLUMN "queue_position" ADD GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_outbox_queue_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"whatsapp_outbox_queue_position_seq"', coalesce((SELECT max("queue_position") FROM "whatsapp_outbox"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "queue_position" bigint;--> statement-breakpoint
UPDATE "webhook_deliveries" o SET "queue_position" = r.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "webhook_deliveries") r WHERE r.id = o.id;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "queue_position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "queue_position" ADD GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_queue_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"webhook_deliveries_queue_position_seq"', coalesce((SELECT max("queue_position") FROM "webhook_deliveries"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sequence" bigint;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "sequence" = r.n, "payload" = d."payload" || jsonb_build_object('sequence', r.n) FROM (SELECT id, row_number() OVER (PARTITION BY subscription_id ORDER BY created_at, id) AS n FROM "webhook_deliveries") r WHERE r.id = d.id;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "sequence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "last_sequence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "webhook_subscriptions" s SET "last_sequence" = d.latest FROM (SELECT subscription_id, max("sequence") AS latest FROM "webhook_deliveries" GROUP BY subscription_id) d WHERE d.subscription_id = s.id;--> statement-breakpoint
CREATE INDEX "email_outbox_pending_to_idx" ON "email_outbox" USING gin ("to") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_pending_to_phone_idx" ON "whatsapp_outbox" USING btree ("to_phone","queue_position") WHERE "whatsapp_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","queue_position") WHERE "webhook_deliveries"."status" = 'pending';