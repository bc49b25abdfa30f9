CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"movement_date" date NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"description" text NOT NULL,
	"ves_centimos" bigint NOT NULL,
	"payment_id" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"line_count" integer NOT NULL,
	"new_line_count" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_date" date NOT NULL,
	"ves_per_usd" numeric(18, 8) NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."ves_per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"concept" "payment_type" NOT NULL,
	"description" text NOT NULL,
	"lines" jsonb NOT NULL,
	"usd_cents" bigint NOT NULL,
	"exchange_rate_id" uuid,
	"ves_per_usd" numeric(18, 8),
	"rate_date" date,
	"ves_centimos" bigint,
	"issue_date" date NOT NULL,
	"mailbox_id" uuid,
	"shipment_id" uuid,
	"customer_name" text NOT NULL,
	"customer_id_number" text,
	"voided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."usd_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"usd_cents" bigint NOT NULL,
	"ves_centimos" bigint,
	"ves_per_usd" numeric(18, 8),
	"invoice_id" uuid,
	"payment_id" uuid,
	"description" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'refund', 'adjustment', 'credit_applied'))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"instructions" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_currency" CHECK ("payment_methods"."currency" in ('USD', 'VES'))
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_exchange_rate_id_exchange_rates_id_fk" FOREIGN KEY ("exchange_rate_id") REFERENCES "public"."exchange_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_movement_key" ON "bank_statement_lines" USING btree ("movement_date","reference_key","ves_centimos");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_key" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_reference_idx" ON "bank_statement_lines" USING btree ("reference_key");--> statement-breakpoint
CREATE INDEX "exchange_rates_date_idx" ON "exchange_rates" USING btree ("rate_date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_user_id_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_mailbox_id_idx" ON "invoices" USING btree ("mailbox_id");--> statement-breakpoint
CREATE INDEX "invoices_shipment_id_idx" ON "invoices" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_key" ON "ledger_entries" USING btree ("payment_id","kind",("invoice_id" is null)) WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_name_key" ON "payment_methods" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_invoice_id_idx" ON "payment_transactions" USING btree ("invoice_id");--> statement-breakpoint
-- The ledger is append-only (DECISIONS 14): corrections are new entries, so the database refuses
-- to change or remove one, as it does for the audit log.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos del estado de cuenta no se pueden modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "exchange_rates_audit" AFTER INSERT OR UPDATE OR DELETE ON "exchange_rates"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "payment_methods_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_methods"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "invoices_audit" AFTER INSERT OR UPDATE OR DELETE ON "invoices"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_audit" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "bank_statements_audit" AFTER INSERT OR UPDATE OR DELETE ON "bank_statements"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "bank_statement_lines_audit" AFTER INSERT OR UPDATE OR DELETE ON "bank_statement_lines"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
