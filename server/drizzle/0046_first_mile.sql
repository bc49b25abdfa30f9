CREATE TABLE "carrier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_shipment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"state" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_provider_usage" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_provider_usage_day_provider_pk" PRIMARY KEY("day","provider")
);
--> statement-breakpoint
CREATE TABLE "carrier_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_key" text NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier" text,
	"provider" text NOT NULL,
	"state" text,
	"state_at" timestamp with time zone,
	"expected_delivery_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivered_location" text,
	"proof_signed_by" text,
	"proof_photo_url" text,
	"registered_at" timestamp with time zone,
	"registration_error" text,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_webhook_deliveries" (
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_webhook_deliveries_provider_delivery_id_pk" PRIMARY KEY("provider","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "parcel_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "parcel_searches_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier_shipment_id" uuid NOT NULL,
	"prealert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"found_tracking_id" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"claim_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_events" ADD CONSTRAINT "carrier_events_carrier_shipment_id_carrier_shipments_id_fk" FOREIGN KEY ("carrier_shipment_id") REFERENCES "public"."carrier_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_carrier_shipment_id_carrier_shipments_id_fk" FOREIGN KEY ("carrier_shipment_id") REFERENCES "public"."carrier_shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_prealert_id_prealerts_id_fk" FOREIGN KEY ("prealert_id") REFERENCES "public"."prealerts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_found_tracking_id_trackings_id_fk" FOREIGN KEY ("found_tracking_id") REFERENCES "public"."trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_searches" ADD CONSTRAINT "parcel_searches_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_events_provider_event_key" ON "carrier_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "carrier_events_shipment_occurred_idx" ON "carrier_events" USING btree ("carrier_shipment_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_shipments_tracking_key_key" ON "carrier_shipments" USING btree ("tracking_key");--> statement-breakpoint
CREATE INDEX "carrier_shipments_registration_idx" ON "carrier_shipments" USING btree ("created_at") WHERE "carrier_shipments"."registered_at" is null and "carrier_shipments"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "carrier_shipments_next_poll_idx" ON "carrier_shipments" USING btree ("next_poll_at") WHERE "carrier_shipments"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "carrier_shipments_state_idx" ON "carrier_shipments" USING btree ("state","state_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_searches_open_prealert_key" ON "parcel_searches" USING btree ("prealert_id") WHERE "parcel_searches"."status" = 'open';--> statement-breakpoint
CREATE INDEX "parcel_searches_status_created_idx" ON "parcel_searches" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parcel_searches_user_idx" ON "parcel_searches" USING btree ("user_id");