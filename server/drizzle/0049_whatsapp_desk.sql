-- The WhatsApp desk (docs/product/whatsapp-desk.md): messages received, once by their WhatsApp id, one conversation per number,
-- and free-form replies in the WhatsApp outbox beside its templates.
CREATE TABLE "whatsapp_conversations" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"profile_name" text,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"needs_agent_since" timestamp with time zone,
	"unknown_reply_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_conversations_phone_e164" CHECK ("whatsapp_conversations"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wa_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"text" text,
	"reply_id" text,
	"media" jsonb,
	"answer" text,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_from_phone_whatsapp_conversations_phone_fk" FOREIGN KEY ("from_phone") REFERENCES "public"."whatsapp_conversations"("phone") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_conversations_needs_agent_idx" ON "whatsapp_conversations" USING btree ("needs_agent_since") WHERE "whatsapp_conversations"."needs_agent_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_messages_wa_message_id_key" ON "whatsapp_inbound_messages" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_from_phone_sent_at_idx" ON "whatsapp_inbound_messages" USING btree ("from_phone","sent_at");--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_template_or_payload" CHECK (("whatsapp_outbox"."payload" is null) = ("whatsapp_outbox"."template" <> ''));