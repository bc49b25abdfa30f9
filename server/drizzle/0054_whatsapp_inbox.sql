ALTER TYPE "public"."stored_file_kind" ADD VALUE 'desk_attachment';--> statement-breakpoint
CREATE TABLE "whatsapp_desk_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"outbox_id" uuid NOT NULL,
	"staff_id" uuid,
	"kind" text NOT NULL,
	"text" text,
	"quick_reply" text,
	"template" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_desk_replies" ADD CONSTRAINT "whatsapp_desk_replies_phone_whatsapp_conversations_phone_fk" FOREIGN KEY ("phone") REFERENCES "public"."whatsapp_conversations"("phone") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_desk_replies" ADD CONSTRAINT "whatsapp_desk_replies_outbox_id_whatsapp_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."whatsapp_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_desk_replies" ADD CONSTRAINT "whatsapp_desk_replies_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_desk_replies" ADD CONSTRAINT "whatsapp_desk_replies_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_desk_replies_outbox_id_key" ON "whatsapp_desk_replies" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "whatsapp_desk_replies_phone_idx" ON "whatsapp_desk_replies" USING btree ("phone","created_at");--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_numbers_phone_idx" ON "whatsapp_numbers" USING btree ("phone");--> statement-breakpoint
-- hand-written below
-- The inbox's staff steps leave audit entries (migration 0011), under the conversation's number:
-- assigning and closing (whatsapp_conversations) and each reply with who sent it
-- (whatsapp_desk_replies). The webhook's own writes run without an actor and leave none.
CREATE TRIGGER "whatsapp_conversations_audit" AFTER INSERT OR UPDATE OR DELETE ON "whatsapp_conversations"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('phone');--> statement-breakpoint
CREATE TRIGGER "whatsapp_desk_replies_audit" AFTER INSERT OR UPDATE OR DELETE ON "whatsapp_desk_replies"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('phone');
