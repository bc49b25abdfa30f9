CREATE TYPE "public"."delivery_proof_method" AS ENUM('code', 'id_document', 'home');--> statement-breakpoint
ALTER TYPE "public"."stored_file_kind" ADD VALUE 'delivery_photo';--> statement-breakpoint
CREATE TABLE "agency_staff" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_proofs" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"method" "delivery_proof_method" NOT NULL,
	"received_by" text NOT NULL,
	"id_document" text,
	"photo_file_id" uuid,
	"photo_thumb_file_id" uuid,
	"agency_id" uuid,
	"recorded_by" uuid,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_pickups" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"pickup_locked_at" timestamp with time zone,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL,
	"marked_ready_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitation_agencies" (
	"invitation_id" text PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_photo_thumb_file_id_stored_files_id_fk" FOREIGN KEY ("photo_thumb_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_pickups" ADD CONSTRAINT "shipment_pickups_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_pickups" ADD CONSTRAINT "shipment_pickups_marked_ready_by_users_id_fk" FOREIGN KEY ("marked_ready_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitation_agencies" ADD CONSTRAINT "staff_invitation_agencies_invitation_id_staff_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."staff_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitation_agencies" ADD CONSTRAINT "staff_invitation_agencies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_staff_agency_id_idx" ON "agency_staff" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "delivery_proofs_recorded_by_idx" ON "delivery_proofs" USING btree ("recorded_by");--> statement-breakpoint
CREATE INDEX "shipment_pickups_ready_at_idx" ON "shipment_pickups" USING btree ("ready_at");--> statement-breakpoint
-- hand-written below
-- Staff changes to the agency links and the proofs of delivery leave audit entries (migration 0011).
-- shipment_pickups has no trigger on purpose: it holds the pickup code's hash, which must never
-- reach the log (a 6-digit code's hash is read back by trying them all); its unlock is written
-- to the log by hand (services/pickups.ts).
CREATE TRIGGER "agency_staff_audit" AFTER INSERT OR UPDATE OR DELETE ON "agency_staff"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('user_id');--> statement-breakpoint
CREATE TRIGGER "delivery_proofs_audit" AFTER INSERT OR UPDATE OR DELETE ON "delivery_proofs"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('shipment_id');--> statement-breakpoint
CREATE TRIGGER "staff_invitation_agencies_audit" AFTER INSERT OR UPDATE OR DELETE ON "staff_invitation_agencies"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('invitation_id');
