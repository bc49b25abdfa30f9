-- The carrier-independent key of a tracking number (issue 15). It must give what
-- trackingKey() in shared/src/tracking-number.ts gives (a test compares them on a table of
-- numbers): upper case, letters and digits only; then USPS's routing prefix (420 + ZIP or
-- ZIP+4) dropped before its 22-digit number, a FedEx Ground "96" barcode (22 digits) cut to its
-- last 15 digits and a FedEx 34-digit barcode ("96…" or "100…") to its last 12, the numbers
-- fedex.com shows. Immutable so it can be indexed.
CREATE OR REPLACE FUNCTION tracking_key(raw text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT CASE
    WHEN k ~ '^420[0-9]{5}9[0-9]{21}$' THEN substr(k, 9)
    WHEN k ~ '^420[0-9]{9}9[0-9]{21}$' THEN substr(k, 13)
    WHEN k ~ '^96[0-9]{20}$' THEN substr(k, 8)
    WHEN k ~ '^(96[0-9]{20}|100[0-9]{19})[0-9]{12}$' THEN substr(k, 23)
    ELSE k
  END
  FROM (SELECT upper(regexp_replace(raw, '[^0-9A-Za-z]', '', 'g')) AS k) AS normalized
$$;--> statement-breakpoint
CREATE SEQUENCE "public"."warehouse_receipt_seq" INCREMENT BY 1 MINVALUE 1000000 MAXVALUE 9223372036854775807 START WITH 1000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "parcel_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"received_count" integer NOT NULL,
	"unclaimed_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_key" text NOT NULL,
	"carrier" text,
	"warehouse_receipt" text NOT NULL,
	"status" text NOT NULL,
	"package_id" uuid,
	"mailbox_id" uuid,
	"mailbox_code_read" text,
	"description" text,
	"weight_kg" numeric(10, 2) NOT NULL,
	"dimensions_cm" text,
	"import_id" uuid,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "parcel_intakes_status_check" CHECK ("parcel_intakes"."status" in ('claimed', 'unclaimed'))
);
--> statement-breakpoint
CREATE TABLE "parcel_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"thumb_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_imports" ADD CONSTRAINT "parcel_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_intakes" ADD CONSTRAINT "parcel_intakes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_intakes" ADD CONSTRAINT "parcel_intakes_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_intakes" ADD CONSTRAINT "parcel_intakes_import_id_parcel_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."parcel_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_intakes" ADD CONSTRAINT "parcel_intakes_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_intakes" ADD CONSTRAINT "parcel_intakes_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_intake_id_parcel_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."parcel_intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_thumb_file_id_stored_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_imports_file_sha256_idx" ON "parcel_imports" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_intakes_tracking_key_key" ON "parcel_intakes" USING btree ("tracking_key");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_intakes_warehouse_receipt_key" ON "parcel_intakes" USING btree ("warehouse_receipt");--> statement-breakpoint
CREATE INDEX "parcel_intakes_package_id_idx" ON "parcel_intakes" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "parcel_intakes_unclaimed_received_at_idx" ON "parcel_intakes" USING btree ("received_at" DESC NULLS LAST) WHERE "parcel_intakes"."status" = 'unclaimed';--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_photos_intake_id_position_key" ON "parcel_photos" USING btree ("intake_id","position");--> statement-breakpoint
CREATE INDEX "packages_tracking_key_idx" ON "packages" USING btree (tracking_key("tracking_number"));--> statement-breakpoint
CREATE INDEX "prealerts_tracking_key_idx" ON "prealerts" USING btree (tracking_key("tracking_number"));--> statement-breakpoint
CREATE INDEX "trackings_tracking_key_idx" ON "trackings" USING btree (tracking_key("tracking_number"));--> statement-breakpoint
-- Staff changes at the warehouse door leave their audit entries like every other (migration 0011).
CREATE TRIGGER "parcel_intakes_audit" AFTER INSERT OR UPDATE OR DELETE ON "parcel_intakes"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "parcel_photos_audit" AFTER INSERT OR UPDATE OR DELETE ON "parcel_photos"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('intake_id');--> statement-breakpoint
CREATE TRIGGER "parcel_imports_audit" AFTER INSERT OR UPDATE OR DELETE ON "parcel_imports"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
