ALTER TYPE "public"."payment_type" ADD VALUE 'assisted_purchase';--> statement-breakpoint
CREATE TABLE "purchase_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"options" text,
	"quantity" integer NOT NULL,
	"customer_price_usd_cents" bigint NOT NULL,
	"quoted_price_usd_cents" bigint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_request_items_quantity" CHECK ("purchase_request_items"."quantity" between 1 and 99),
	CONSTRAINT "purchase_request_items_link" CHECK ("purchase_request_items"."url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "purchase_request_trackings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"prealert_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "purchase_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'requested' NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"notes" text,
	"items_usd_cents" bigint,
	"sales_tax_usd_cents" bigint,
	"shipping_usd_cents" bigint,
	"fee_usd_cents" bigint,
	"total_usd_cents" bigint,
	"quoted_at" timestamp with time zone,
	"quoted_by" uuid,
	"valid_until" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"invoice_id" uuid,
	"paid_at" timestamp with time zone,
	"store_order_number" text,
	"final_usd_cents" bigint,
	"receipt_file_id" uuid,
	"purchased_at" timestamp with time zone,
	"purchased_by" uuid,
	"credit_ledger_entry_id" bigint,
	"extra_usd_cents" bigint,
	"extra_invoice_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_requests_status" CHECK ("purchase_requests"."status" in ('requested', 'quoted', 'accepted', 'paid', 'purchased', 'shipped', 'cancelled')),
	CONSTRAINT "purchase_requests_total_positive" CHECK ("purchase_requests"."total_usd_cents" is null or "purchase_requests"."total_usd_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_request_id_purchase_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_trackings" ADD CONSTRAINT "purchase_request_trackings_request_id_purchase_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_trackings" ADD CONSTRAINT "purchase_request_trackings_prealert_id_prealerts_id_fk" FOREIGN KEY ("prealert_id") REFERENCES "public"."prealerts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_trackings" ADD CONSTRAINT "purchase_request_trackings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_purchased_by_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_credit_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("credit_ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_extra_invoice_id_invoices_id_fk" FOREIGN KEY ("extra_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_request_items_request_idx" ON "purchase_request_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "purchase_request_trackings_request_idx" ON "purchase_request_trackings" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_trackings_number_key" ON "purchase_request_trackings" USING btree (upper("tracking_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_number_key" ON "purchase_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_requests_user_id_idx" ON "purchase_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_requests_status_created_idx" ON "purchase_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_requests_created_at_idx" ON "purchase_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_invoice_key" ON "purchase_requests" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_extra_invoice_key" ON "purchase_requests" USING btree ("extra_invoice_id");--> statement-breakpoint
-- hand-written below
-- Every change of a purchase request, its items and trackings leaves an audit entry (migration 0011):
-- staff's through their procedures, the customer's through theirs, which name the customer.
CREATE TRIGGER "purchase_requests_audit" AFTER INSERT OR UPDATE OR DELETE ON "purchase_requests"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "purchase_request_items_audit" AFTER INSERT OR UPDATE OR DELETE ON "purchase_request_items"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('request_id');--> statement-breakpoint
CREATE TRIGGER "purchase_request_trackings_audit" AFTER INSERT OR UPDATE OR DELETE ON "purchase_request_trackings"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('request_id');
