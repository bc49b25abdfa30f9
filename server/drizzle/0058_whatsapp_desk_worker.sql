ALTER TABLE "whatsapp_conversations" ADD COLUMN "answering_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "raw_type" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "profile_name" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "position" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_inbound_messages_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "answer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "follow_up" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_pending_idx" ON "whatsapp_inbound_messages" USING btree ("from_phone","position") WHERE "whatsapp_inbound_messages"."answered_at" is null or "whatsapp_inbound_messages"."follow_up" is not null;--> statement-breakpoint
-- hand-written below
-- Messages stored before the worker existed were answered in their own transaction.
UPDATE "whatsapp_inbound_messages" SET "answered_at" = "created_at" WHERE "answered_at" IS NULL;
