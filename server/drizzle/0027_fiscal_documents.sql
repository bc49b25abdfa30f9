CREATE TABLE "fiscal_control_outbox" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issue_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_documents_issue_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"control_number" text,
	"status" text NOT NULL,
	"invoice_id" uuid,
	"references_id" uuid,
	"issuer_name" text NOT NULL,
	"issuer_rif" text NOT NULL,
	"issuer_address" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_id_number" text,
	"customer_address" text,
	"lines" jsonb NOT NULL,
	"iva_buckets" jsonb NOT NULL,
	"legal_grounds" jsonb NOT NULL,
	"base_usd_cents" bigint NOT NULL,
	"exempt_usd_cents" bigint NOT NULL,
	"iva_usd_cents" bigint NOT NULL,
	"total_usd_cents" bigint NOT NULL,
	"ves_per_usd" numeric(18, 8),
	"base_ves_centimos" bigint,
	"exempt_ves_centimos" bigint,
	"iva_ves_centimos" bigint,
	"total_ves_centimos" bigint,
	"igtf_basis_points" integer,
	"issue_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"control_assigned_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "fiscal_documents_kind" CHECK ("fiscal_documents"."kind" in ('factura', 'nota_de_credito', 'nota_de_debito', 'nota_de_cobro')),
	CONSTRAINT "fiscal_documents_status" CHECK ("fiscal_documents"."status" in ('pendiente_numero_control', 'emitida', 'reemplazada')),
	CONSTRAINT "fiscal_documents_control_kind" CHECK ("fiscal_documents"."kind" <> 'nota_de_cobro' or ("fiscal_documents"."control_number" is null and "fiscal_documents"."status" <> 'pendiente_numero_control')),
	CONSTRAINT "fiscal_documents_pending_control" CHECK (("fiscal_documents"."status" = 'pendiente_numero_control') = ("fiscal_documents"."kind" <> 'nota_de_cobro' and "fiscal_documents"."control_number" is null))
);
--> statement-breakpoint
CREATE TABLE "fiscal_igtf_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid,
	"paid_usd_cents" bigint NOT NULL,
	"igtf_usd_cents" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_control_outbox" ADD CONSTRAINT "fiscal_control_outbox_document_id_fiscal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."fiscal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_references_id_fiscal_documents_id_fk" FOREIGN KEY ("references_id") REFERENCES "public"."fiscal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_igtf_charges" ADD CONSTRAINT "fiscal_igtf_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_igtf_charges" ADD CONSTRAINT "fiscal_igtf_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_igtf_charges" ADD CONSTRAINT "fiscal_igtf_charges_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_control_outbox_status_idx" ON "fiscal_control_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_kind_sequence_key" ON "fiscal_documents" USING btree ("kind","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_number_key" ON "fiscal_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_control_number_key" ON "fiscal_documents" USING btree ("control_number") WHERE "fiscal_documents"."control_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_invoice_live_key" ON "fiscal_documents" USING btree ("invoice_id") WHERE "fiscal_documents"."kind" in ('factura', 'nota_de_cobro') and "fiscal_documents"."status" <> 'reemplazada';--> statement-breakpoint
CREATE INDEX "fiscal_documents_user_idx" ON "fiscal_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fiscal_documents_issue_date_idx" ON "fiscal_documents" USING btree ("issue_date","issue_order");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_igtf_charges_payment_key" ON "fiscal_igtf_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fiscal_igtf_charges_invoice_idx" ON "fiscal_igtf_charges" USING btree ("invoice_id");--> statement-breakpoint
-- hand-written below
-- Fiscal documents and IGTF charges are in the audit log (migration 0011) whenever staff or an
-- audited customer procedure issues them; the control-number worker writes its own entries.
CREATE TRIGGER "fiscal_documents_audit" AFTER INSERT OR UPDATE OR DELETE ON "fiscal_documents"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "fiscal_igtf_charges_audit" AFTER INSERT OR UPDATE OR DELETE ON "fiscal_igtf_charges"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
-- A fiscal document is never deleted (a factura is corrected by a note, never edited away).
CREATE FUNCTION "fiscal_documents_no_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fiscal_documents is never deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER "fiscal_documents_no_delete" BEFORE DELETE OR TRUNCATE ON "fiscal_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "fiscal_documents_no_delete"();
