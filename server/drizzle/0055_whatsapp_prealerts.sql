CREATE TABLE "whatsapp_prealert_requests" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_prealert_requests" ADD CONSTRAINT "whatsapp_prealert_requests_phone_whatsapp_conversations_phone_fk" FOREIGN KEY ("phone") REFERENCES "public"."whatsapp_conversations"("phone") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_prealert_requests" ADD CONSTRAINT "whatsapp_prealert_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;