ALTER TYPE "public"."user_role" ADD VALUE 'almacen';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'caja';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'atencion';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"operation" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" "user_role" NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_at_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_at_idx" ON "audit_log" USING btree ("entity","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_invitations_created_at_idx" ON "staff_invitations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or remove an entry.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
-- One entry per changed row while a staff request runs: the request sets app.audit_* with
-- set_config(…, true) at the start of its transaction (server/src/audit/), so the settings die
-- with the transaction. Outside staff requests the WHEN clause skips the function entirely.
-- Updates keep only the fields that changed (updated_at aside); secrets never enter the log.
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_column text := coalesce(TG_ARGV[0], 'id');
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) - 'password_hash' END;
  new_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN to_jsonb(NEW) - 'password_hash' END;
  before_fields jsonb;
  after_fields jsonb;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      INTO before_fields, after_fields
      FROM jsonb_each(new_row) n JOIN jsonb_each(old_row) o USING (key)
      WHERE n.value IS DISTINCT FROM o.value AND n.key <> 'updated_at';
    IF before_fields IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    before_fields := old_row;
    after_fields := new_row;
  END IF;
  INSERT INTO "audit_log" ("actor_id", "actor_role", "action", "entity", "entity_id", "operation", "before", "after", "ip", "user_agent", "request_id")
  VALUES (
    nullif(current_setting('app.audit_actor', true), '')::uuid,
    current_setting('app.audit_role', true),
    current_setting('app.audit_action', true),
    TG_TABLE_NAME,
    coalesce(new_row, old_row) ->> id_column,
    lower(TG_OP),
    before_fields,
    after_fields,
    nullif(current_setting('app.audit_ip', true), ''),
    nullif(current_setting('app.audit_user_agent', true), ''),
    nullif(current_setting('app.audit_request', true), '')
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "user_profiles_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_profiles"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('user_id');
--> statement-breakpoint
CREATE TRIGGER "mailboxes_audit" AFTER INSERT OR UPDATE OR DELETE ON "mailboxes"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "trackings_audit" AFTER INSERT OR UPDATE OR DELETE ON "trackings"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "prealerts_audit" AFTER INSERT OR UPDATE OR DELETE ON "prealerts"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "packages_audit" AFTER INSERT OR UPDATE OR DELETE ON "packages"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "repack_requests_audit" AFTER INSERT OR UPDATE OR DELETE ON "repack_requests"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "repack_request_items_audit" AFTER INSERT OR UPDATE OR DELETE ON "repack_request_items"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('repack_request_id');
--> statement-breakpoint
CREATE TRIGGER "shipments_audit" AFTER INSERT OR UPDATE OR DELETE ON "shipments"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_audit" AFTER INSERT OR UPDATE OR DELETE ON "shipment_packages"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('shipment_id');
--> statement-breakpoint
CREATE TRIGGER "shipment_stages_audit" AFTER INSERT OR UPDATE OR DELETE ON "shipment_stages"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('shipment_id');
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_transactions"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "payment_trackings_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_trackings"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('payment_id');
--> statement-breakpoint
CREATE TRIGGER "notifications_audit" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
--> statement-breakpoint
CREATE TRIGGER "staff_invitations_audit" AFTER INSERT OR UPDATE OR DELETE ON "staff_invitations"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
