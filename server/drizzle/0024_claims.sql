ALTER TYPE "public"."stored_file_kind" ADD VALUE 'claim_photo';--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"thumb_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "claims_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"package_id" uuid,
	"shipment_id" uuid,
	"description" text NOT NULL,
	"carrier_delivered_on" date,
	"carrier_proof_file_id" uuid,
	"assigned_to" uuid,
	"answer_by" timestamp with time zone,
	"paused_remaining_ms" bigint,
	"payout_usd_cents" bigint,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_one_subject" CHECK (("claims"."package_id" is null) <> ("claims"."shipment_id" is null)),
	CONSTRAINT "claims_kind" CHECK ("claims"."kind" in ('lost', 'damaged', 'missing_items', 'not_in_mailbox', 'weight_dispute')),
	CONSTRAINT "claims_status" CHECK ("claims"."status" in ('open', 'waiting_customer', 'approved', 'partially_approved', 'rejected')),
	CONSTRAINT "claims_payout_positive" CHECK ("claims"."payout_usd_cents" is null or "claims"."payout_usd_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insured_value_usd_cents" bigint;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_thumb_file_id_stored_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_carrier_proof_file_id_stored_files_id_fk" FOREIGN KEY ("carrier_proof_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_photos_file_key" ON "claim_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_number_key" ON "claims" USING btree ("number");--> statement-breakpoint
CREATE INDEX "claims_user_id_idx" ON "claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_open_answer_by_idx" ON "claims" USING btree ("answer_by") WHERE "claims"."status" in ('open', 'waiting_customer');--> statement-breakpoint
CREATE UNIQUE INDEX "claims_open_package_kind_key" ON "claims" USING btree ("package_id","kind") WHERE "claims"."package_id" is not null and "claims"."status" in ('open', 'waiting_customer');--> statement-breakpoint
CREATE UNIQUE INDEX "claims_open_shipment_kind_key" ON "claims" USING btree ("shipment_id","kind") WHERE "claims"."shipment_id" is not null and "claims"."status" in ('open', 'waiting_customer');--> statement-breakpoint
CREATE UNIQUE INDEX "claims_ledger_entry_key" ON "claims" USING btree ("ledger_entry_id");--> statement-breakpoint
-- hand-written below
-- Every step of a claim leaves an audit entry (migration 0011): staff's through their procedures,
-- the customer's through the claims procedures, which name the customer as the actor.
CREATE TRIGGER "claims_audit" AFTER INSERT OR UPDATE OR DELETE ON "claims"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "claim_photos_audit" AFTER INSERT OR UPDATE OR DELETE ON "claim_photos"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('claim_id');--> statement-breakpoint
CREATE TRIGGER "claim_events_audit" AFTER INSERT OR UPDATE OR DELETE ON "claim_events"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('claim_id');
