CREATE TYPE "public"."prealert_estado_tracking" AS ENUM('Prealertado', 'En tránsito', 'En destino', 'Entregado a casillero');--> statement-breakpoint
CREATE TYPE "public"."mailbox_country" AS ENUM('USA', 'CHINA', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."mailbox_location" AS ENUM('miami', 'beijing', 'other');--> statement-breakpoint
CREATE TYPE "public"."mailbox_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('general', 'package', 'shipment', 'payment', 'system', 'payment_update');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."package_status" AS ENUM('pending', 'received', 'processed', 'shipped', 'in_warehouse', 'in_shipment');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('mailbox_activation', 'shipping_payment', 'course_purchase', 'credit_purchase');--> statement-breakpoint
CREATE TYPE "public"."prealert_status" AS ENUM('pending', 'confirmed', 'converted');--> statement-breakpoint
CREATE TYPE "public"."priority" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."repack_status" AS ENUM('pending', 'processed', 'shipped');--> statement-breakpoint
CREATE TYPE "public"."shipment_stage_status" AS ENUM('pending', 'active', 'completed');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('preparing', 'in_transit', 'customs', 'out_for_delivery', 'delivered', 'delayed');--> statement-breakpoint
CREATE TYPE "public"."shipping_method" AS ENUM('aereo', 'maritimo');--> statement-breakpoint
CREATE TYPE "public"."stored_file_kind" AS ENUM('receipt', 'invoice', 'package_photo');--> statement-breakpoint
CREATE TYPE "public"."tracking_status" AS ENUM('created', 'in_transit', 'arrived', 'in_warehouse', 'needs_reempaque', 'reempacado', 'ready_to_ship', 'shipped', 'delivered', 'problem');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'user');--> statement-breakpoint
CREATE TABLE "admin_setup_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" varchar(255) NOT NULL,
	"phone" varchar(20),
	"cedula" varchar(255),
	"venezuela_address" varchar(255),
	"venezuela_city" varchar(255),
	"venezuela_state" varchar(255),
	"email_notifications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_user_id_key" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"kind" "stored_file_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_name" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_code" text NOT NULL,
	"location" "mailbox_location" NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"city" text NOT NULL,
	"state" text,
	"postal_code" text NOT NULL,
	"country" "mailbox_country" NOT NULL,
	"status" "mailbox_status" DEFAULT 'inactive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailboxes_mailbox_code_key" UNIQUE("mailbox_code"),
	CONSTRAINT "mailboxes_user_id_country_key" UNIQUE("user_id","country")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"tracking_number" text,
	"package_description" text NOT NULL,
	"sender_name" text,
	"weight_kg" numeric(10, 2),
	"dimensions_cm" text,
	"estimated_value_usd" numeric(12, 2),
	"status" "package_status" DEFAULT 'pending' NOT NULL,
	"notes" text,
	"received_date" timestamp with time zone,
	"warehouse_receipt" text,
	"warehouse_location" text,
	"photo_file_id" uuid,
	"tracking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prealerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid,
	"tracking_number" text,
	"description" text NOT NULL,
	"quantity_items" integer DEFAULT 1 NOT NULL,
	"amount_spent" numeric(12, 2),
	"sender_name" text,
	"estimated_weight" numeric(10, 2),
	"estimated_value" numeric(12, 2),
	"carrier" text,
	"estado_tracking" "prealert_estado_tracking" DEFAULT 'Prealertado' NOT NULL,
	"notes" text,
	"status" "prealert_status" DEFAULT 'pending' NOT NULL,
	"invoice_file_id" uuid,
	"converted_at" timestamp with time zone,
	"converted_package_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_id" uuid NOT NULL,
	"status" "tracking_status" NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"description" text NOT NULL,
	"carrier" text NOT NULL,
	"estimated_weight" numeric(10, 2) DEFAULT 1 NOT NULL,
	"actual_weight" numeric(10, 2),
	"estimated_value" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sender_name" text NOT NULL,
	"origin_country" text DEFAULT 'Estados Unidos' NOT NULL,
	"status" "tracking_status" DEFAULT 'created' NOT NULL,
	"needs_reempaque" boolean DEFAULT false NOT NULL,
	"reempaque_reason" text,
	"priority" "priority" DEFAULT 'medium' NOT NULL,
	"notes" text,
	"prealert_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trackings_tracking_number_key" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"shipment_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_packages_shipment_id_package_id_pk" PRIMARY KEY("shipment_id","package_id"),
	CONSTRAINT "shipment_packages_package_id_key" UNIQUE("package_id")
);
--> statement-breakpoint
CREATE TABLE "shipment_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"stage_number" integer NOT NULL,
	"stage_name" text NOT NULL,
	"status" "shipment_stage_status" DEFAULT 'pending' NOT NULL,
	"estimated_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_stages_shipment_id_stage_number_key" UNIQUE("shipment_id","stage_number")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_code" text NOT NULL,
	"tracking_number" text,
	"delivery_address" text NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"estimated_delivery" date,
	"actual_delivery" date,
	"shipping_cost_usd" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_weight_kg" numeric(10, 2) DEFAULT 0 NOT NULL,
	"total_volume_cm3" numeric(10, 2),
	"status" "shipment_status" DEFAULT 'preparing' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_shipment_code_key" UNIQUE("shipment_code")
);
--> statement-breakpoint
CREATE TABLE "payment_trackings" (
	"payment_id" uuid NOT NULL,
	"tracking_id" uuid NOT NULL,
	CONSTRAINT "payment_trackings_payment_id_tracking_id_pk" PRIMARY KEY("payment_id","tracking_id")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_type" "payment_type" NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"amount_ves" numeric(16, 2),
	"payment_method" text,
	"payment_reference" text,
	"description" text,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt_file_id" uuid,
	"mailbox_id" uuid,
	"shipment_id" uuid,
	"reported_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"processed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" "notification_type" DEFAULT 'general' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repack_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repack_request_id" uuid NOT NULL,
	"package_id" uuid,
	"tracking_id" uuid,
	CONSTRAINT "repack_request_items_request_package_key" UNIQUE("repack_request_id","package_id"),
	CONSTRAINT "repack_request_items_request_tracking_key" UNIQUE("repack_request_id","tracking_id"),
	CONSTRAINT "repack_request_items_one_target" CHECK (("repack_request_items"."package_id" is not null) <> ("repack_request_items"."tracking_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "repack_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipping_method" "shipping_method" NOT NULL,
	"instructions" text,
	"status" "repack_status" DEFAULT 'pending' NOT NULL,
	"warehouse_receipt" text,
	"processed_at" timestamp with time zone,
	"processed_by" uuid,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text,
	"asunto" text,
	"mensaje" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
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
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_invoice_file_id_stored_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_converted_package_id_packages_id_fk" FOREIGN KEY ("converted_package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_history" ADD CONSTRAINT "tracking_history_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_history" ADD CONSTRAINT "tracking_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_prealert_id_prealerts_id_fk" FOREIGN KEY ("prealert_id") REFERENCES "public"."prealerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stages" ADD CONSTRAINT "shipment_stages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_trackings" ADD CONSTRAINT "payment_trackings_payment_id_payment_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_trackings" ADD CONSTRAINT "payment_trackings_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repack_request_items" ADD CONSTRAINT "repack_request_items_repack_request_id_repack_requests_id_fk" FOREIGN KEY ("repack_request_id") REFERENCES "public"."repack_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repack_request_items" ADD CONSTRAINT "repack_request_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repack_request_items" ADD CONSTRAINT "repack_request_items_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repack_requests" ADD CONSTRAINT "repack_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repack_requests" ADD CONSTRAINT "repack_requests_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_created_at_idx" ON "rate_limit_events" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_profiles_full_name_idx" ON "user_profiles" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "user_profiles_full_name_trgm_idx" ON "user_profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_cedula_trgm_idx" ON "user_profiles" USING gin ("cedula" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_phone_trgm_idx" ON "user_profiles" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_active_at_idx" ON "users" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_user_id_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "mailboxes_status_idx" ON "mailboxes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mailboxes_country_idx" ON "mailboxes" USING btree ("country");--> statement-breakpoint
CREATE INDEX "mailboxes_mailbox_code_trgm_idx" ON "mailboxes" USING gin ("mailbox_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_user_id_idx" ON "packages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "packages_mailbox_id_idx" ON "packages" USING btree ("mailbox_id");--> statement-breakpoint
CREATE INDEX "packages_status_created_at_idx" ON "packages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "packages_tracking_number_trgm_idx" ON "packages" USING gin ("tracking_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_description_trgm_idx" ON "packages" USING gin ("package_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prealerts_user_id_idx" ON "prealerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prealerts_status_created_at_idx" ON "prealerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "prealerts_created_at_idx" ON "prealerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prealerts_tracking_number_idx" ON "prealerts" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "tracking_history_tracking_id_created_at_idx" ON "tracking_history" USING btree ("tracking_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_created_at_id_idx" ON "trackings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_status_created_at_idx" ON "trackings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_priority_created_at_idx" ON "trackings" USING btree ("priority","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_carrier_created_at_idx" ON "trackings" USING btree ("carrier","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_user_id_idx" ON "trackings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trackings_mailbox_id_idx" ON "trackings" USING btree ("mailbox_id");--> statement-breakpoint
CREATE INDEX "trackings_prealert_id_idx" ON "trackings" USING btree ("prealert_id");--> statement-breakpoint
CREATE INDEX "trackings_tracking_number_trgm_idx" ON "trackings" USING gin ("tracking_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_user_id_idx" ON "shipments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shipments_status_created_at_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_created_at_idx" ON "shipments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipments_updated_at_idx" ON "shipments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "shipments_delivery_city_trgm_idx" ON "shipments" USING gin ("delivery_city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_code_trgm_idx" ON "shipments" USING gin ("shipment_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_trackings_tracking_id_idx" ON "payment_trackings" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_id_idx" ON "payment_transactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_created_at_idx" ON "payment_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_type_created_at_idx" ON "payment_transactions" USING btree ("transaction_type","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_created_at_idx" ON "payment_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_mailbox_id_idx" ON "payment_transactions" USING btree ("mailbox_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_reference_trgm_idx" ON "payment_transactions" USING gin ("payment_reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_method_reference_key" ON "payment_transactions" USING btree ("payment_method","payment_reference") WHERE "payment_transactions"."payment_reference" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_id_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_type_created_at_idx" ON "notifications" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_title_trgm_idx" ON "notifications" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "repack_request_items_request_id_idx" ON "repack_request_items" USING btree ("repack_request_id");--> statement-breakpoint
CREATE INDEX "repack_request_items_package_id_idx" ON "repack_request_items" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "repack_requests_user_id_idx" ON "repack_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "repack_requests_status_created_at_idx" ON "repack_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_attempt_at_idx" ON "email_outbox" USING btree ("status","next_attempt_at");