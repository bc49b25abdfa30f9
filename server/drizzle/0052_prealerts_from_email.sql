ALTER TYPE "public"."prealert_status" ADD VALUE 'draft';--> statement-breakpoint
CREATE TABLE "inbound_mail_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mail_addresses_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"message_id" text,
	"via" text NOT NULL,
	"envelope_from" text,
	"header_from" text,
	"subject" text,
	"size_bytes" bigint NOT NULL,
	"auth" jsonb,
	"outcome" text NOT NULL,
	"reason" text,
	"prealert_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prealerts" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "prealerts" ADD COLUMN "email_fields" jsonb;--> statement-breakpoint
ALTER TABLE "prealerts" ADD COLUMN "draft_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_mail_addresses" ADD CONSTRAINT "inbound_mail_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_prealert_id_prealerts_id_fk" FOREIGN KEY ("prealert_id") REFERENCES "public"."prealerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_senders" ADD CONSTRAINT "mail_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_user_id_message_id_key" ON "inbound_messages" USING btree ("user_id","message_id") WHERE "inbound_messages"."user_id" is not null and "inbound_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "inbound_messages_created_at_idx" ON "inbound_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_senders_user_id_email_key" ON "mail_senders" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "prealerts_user_id_order_number_idx" ON "prealerts" USING btree ("user_id","order_number");