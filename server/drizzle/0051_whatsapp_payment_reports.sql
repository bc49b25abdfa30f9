CREATE TABLE "whatsapp_payment_reports" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"step" text NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_payment_reports" ADD CONSTRAINT "whatsapp_payment_reports_phone_whatsapp_conversations_phone_fk" FOREIGN KEY ("phone") REFERENCES "public"."whatsapp_conversations"("phone") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_payment_reports" ADD CONSTRAINT "whatsapp_payment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;