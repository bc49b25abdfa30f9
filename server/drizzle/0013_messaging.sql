CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "scheduled_job_runs_pkey" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
CREATE TABLE "shipment_news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"estimated_delivery" date,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_reminders" (
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_reminders_pkey" PRIMARY KEY("package_id","kind")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_numbers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to_phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"params" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_news" ADD CONSTRAINT "shipment_news_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_news" ADD CONSTRAINT "shipment_news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_reminders" ADD CONSTRAINT "storage_reminders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_news_shipment_id_created_at_idx" ON "shipment_news" USING btree ("shipment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_status_next_attempt_at_idx" ON "whatsapp_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_id_dedupe_key_key" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
-- Staff posting news on a shipment leaves its audit entry (migration 0011).
CREATE TRIGGER "shipment_news_audit" AFTER INSERT OR UPDATE OR DELETE ON "shipment_news"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
-- Live updates (issue 18): a change that a customer's open page shows is announced on the
-- channel 'user_events' as {"userId": …, "topic": …} when its transaction commits, to every
-- server listening (each then tells its own open connections of that customer). PostgreSQL
-- sends identical payloads of one transaction once, so a bulk change is one message per
-- customer and topic.
CREATE FUNCTION "notify_user_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_events', json_build_object('userId', NEW.user_id, 'topic', TG_ARGV[0])::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_user_event" AFTER INSERT OR UPDATE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_event"('notifications');--> statement-breakpoint
CREATE TRIGGER "trackings_user_event" AFTER INSERT OR UPDATE ON "trackings"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_event"('trackings');--> statement-breakpoint
CREATE TRIGGER "packages_user_event" AFTER INSERT OR UPDATE ON "packages"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_event"('packages');
