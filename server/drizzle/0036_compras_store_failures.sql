ALTER TABLE "purchase_request_items" ADD COLUMN "issue" text;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_new_price_usd_cents" bigint;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_note" text;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_marked_by" uuid;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_resolution" text;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_store_delta_usd_cents" bigint;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_credit_usd_cents" bigint;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_credit_ledger_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD COLUMN "issue_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue_marked_by_users_id_fk" FOREIGN KEY ("issue_marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue_credit_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("issue_credit_ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue_invoice_id_invoices_id_fk" FOREIGN KEY ("issue_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_items_issue_invoice_key" ON "purchase_request_items" USING btree ("issue_invoice_id");--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue" CHECK ("purchase_request_items"."issue" is null or "purchase_request_items"."issue" in ('out_of_stock', 'price_changed'));--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue_resolution" CHECK ("purchase_request_items"."issue_resolution" is null or "purchase_request_items"."issue_resolution" in ('cancelled', 'accepted'));--> statement-breakpoint
ALTER TABLE "purchase_request_items" ADD CONSTRAINT "purchase_request_items_issue_price" CHECK ("purchase_request_items"."issue" is distinct from 'price_changed' or "purchase_request_items"."issue_new_price_usd_cents" > 0);