CREATE TABLE "ledger_correction_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"usd_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"ledger_entry_id" bigint,
	CONSTRAINT "ledger_correction_requests_kind" CHECK ("ledger_correction_requests"."kind" in ('adjustment', 'refund')),
	CONSTRAINT "ledger_correction_requests_status" CHECK ("ledger_correction_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "ledger_correction_requests_four_eyes" CHECK ("ledger_correction_requests"."decided_by" is null or "ledger_correction_requests"."decided_by" <> "ledger_correction_requests"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "ledger_correction_requests" ADD CONSTRAINT "ledger_correction_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_correction_requests" ADD CONSTRAINT "ledger_correction_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_correction_requests" ADD CONSTRAINT "ledger_correction_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_correction_requests" ADD CONSTRAINT "ledger_correction_requests_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_correction_requests_user_idx" ON "ledger_correction_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_correction_requests_pending_idx" ON "ledger_correction_requests" USING btree ("created_at") WHERE "ledger_correction_requests"."status" = 'pending';--> statement-breakpoint
CREATE TRIGGER "ledger_correction_requests_audit" AFTER INSERT OR UPDATE OR DELETE ON "ledger_correction_requests"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
