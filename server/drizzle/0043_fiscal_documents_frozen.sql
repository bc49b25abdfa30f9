-- hand-written: an issued fiscal document never changes (docs/decisions/029-fiscal-documents-and-control-numbers.md#issued-documents-never-change).
-- 0027 refuses deleting one; this refuses every UPDATE of its fiscal fields. What may still change,
-- and only as the app writes it:
--   control_number, control_assigned_at  NULL -> a value, once, together (the control-number worker);
--   status         pendiente_numero_control -> emitida (with its control number),
--                  emitida -> reemplazada (a nota de cobro, when its factura is issued);
--   replaced_at    NULL -> a value, once, in the step to reemplazada;
--   created_by     -> NULL (the foreign key's ON DELETE SET NULL when that user is removed).
-- Every other column is named below; a column added later and named nowhere is refused too.
CREATE FUNCTION "fiscal_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fiscal_columns text[] := ARRAY[
    'id', 'user_id', 'issue_order', 'kind', 'sequence', 'number', 'invoice_id', 'references_id',
    'issuer_name', 'issuer_rif', 'issuer_address', 'customer_name', 'customer_id_number', 'customer_address',
    'lines', 'iva_buckets', 'legal_grounds',
    'base_usd_cents', 'exempt_usd_cents', 'iva_usd_cents', 'total_usd_cents',
    'ves_per_usd', 'base_ves_centimos', 'exempt_ves_centimos', 'iva_ves_centimos', 'total_ves_centimos',
    'igtf_basis_points', 'issue_date', 'created_at', 'reason', 'source_key'];
  lifecycle_columns text[] := ARRAY['control_number', 'control_assigned_at', 'status', 'replaced_at', 'created_by'];
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb := to_jsonb(NEW);
  col text;
BEGIN
  FOREACH col IN ARRAY fiscal_columns LOOP
    IF new_row -> col IS DISTINCT FROM old_row -> col THEN
      RAISE EXCEPTION 'fiscal_documents.% of an issued document never changes (%)', col, OLD.number;
    END IF;
  END LOOP;
  IF (new_row - fiscal_columns - lifecycle_columns) IS DISTINCT FROM (old_row - fiscal_columns - lifecycle_columns) THEN
    RAISE EXCEPTION 'fiscal_documents.% of an issued document never changes (%)',
      (SELECT string_agg(k, ', ') FROM jsonb_object_keys(new_row - fiscal_columns - lifecycle_columns) k
        WHERE new_row -> k IS DISTINCT FROM old_row -> k), OLD.number;
  END IF;
  IF OLD.control_number IS NOT NULL AND NEW.control_number IS DISTINCT FROM OLD.control_number THEN
    RAISE EXCEPTION 'fiscal_documents.control_number is filled once (%)', OLD.number;
  END IF;
  IF NEW.control_assigned_at IS DISTINCT FROM OLD.control_assigned_at
     AND (OLD.control_assigned_at IS NOT NULL OR NEW.control_number IS NOT DISTINCT FROM OLD.control_number) THEN
    RAISE EXCEPTION 'fiscal_documents.control_assigned_at is filled once, with the control number (%)', OLD.number;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pendiente_numero_control' AND NEW.status = 'emitida')
    OR (OLD.status = 'emitida' AND NEW.status = 'reemplazada' AND OLD.kind = 'nota_de_cobro')) THEN
    RAISE EXCEPTION 'fiscal_documents.status of % never goes from % to %', OLD.number, OLD.status, NEW.status;
  END IF;
  IF NEW.replaced_at IS DISTINCT FROM OLD.replaced_at
     AND NOT (OLD.replaced_at IS NULL AND OLD.status = 'emitida' AND NEW.status = 'reemplazada') THEN
    RAISE EXCEPTION 'fiscal_documents.replaced_at is filled once, when the document is replaced (%)', OLD.number;
  END IF;
  IF NEW.created_by IS DISTINCT FROM OLD.created_by AND NEW.created_by IS NOT NULL THEN
    RAISE EXCEPTION 'fiscal_documents.created_by of an issued document never changes (%)', OLD.number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "fiscal_documents_frozen" BEFORE UPDATE ON "fiscal_documents"
  FOR EACH ROW EXECUTE FUNCTION "fiscal_documents_frozen"();
