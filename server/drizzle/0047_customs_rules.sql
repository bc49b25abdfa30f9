CREATE TABLE "customs_rule_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"announced_at" timestamp with time zone,
	"effective_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"rules" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customs_rule_versions" ADD CONSTRAINT "customs_rule_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_rule_versions" ADD CONSTRAINT "customs_rule_versions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customs_rule_versions_number_key" ON "customs_rule_versions" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "customs_rule_versions_live_at_key" ON "customs_rule_versions" USING btree ("effective_at") WHERE "customs_rule_versions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "customs_rule_versions_at_idx" ON "customs_rule_versions" USING btree ("effective_at");--> statement-breakpoint
-- hand-written below
-- Version 1 of the customs rules (docs/product/customs.md#version-1-and-its-sources): shared
-- CUSTOMS_RULES_V1 and CUSTOMS_RULES_V1_NOTE, the same values (server/src/trpc/routers/customs.test.ts
-- checks they agree). No job tells customers of customs versions: marked as told.
INSERT INTO "customs_rule_versions" ("number", "effective_at", "note", "rules", "announced_at") VALUES (1, TIMESTAMPTZ '2026-11-27T04:00:00.000Z', 'Versión inicial. IVA 16 %: alícuota general de la Ley del IVA. Aranceles por categoría, tasa de servicio de aduana, cargos fijos y umbrales: supuestos del negocio, por verificar con el Arancel de Aduanas y la Ley Orgánica de Aduanas vigentes (docs/product/customs.md).', '{"categories":[{"category":"phones","dutyBasisPoints":2000,"tariffChapter":"85"},{"category":"supplements","dutyBasisPoints":1000,"tariffChapter":"21"},{"category":"cosmetics","dutyBasisPoints":2000,"tariffChapter":"33"},{"category":"auto_parts","dutyBasisPoints":1500,"tariffChapter":"87"},{"category":"books","dutyBasisPoints":0,"tariffChapter":"49"},{"category":"toys","dutyBasisPoints":2000,"tariffChapter":"95"},{"category":"clothing","dutyBasisPoints":4000,"tariffChapter":null},{"category":"electronics","dutyBasisPoints":2000,"tariffChapter":"85"},{"category":"other","dutyBasisPoints":2000,"tariffChapter":null}],"ivaBasisPoints":1600,"serviceFeeBasisPoints":100,"modes":{"air":{"valueIncludesFreight":true,"valueIncludesInsurance":true,"fixedPerGuiaUsdCents":500,"fixedPerBoxUsdCents":0,"exemptUpToUsdCents":5000,"courierUpToUsdCents":200000},"sea":{"valueIncludesFreight":true,"valueIncludesInsurance":true,"fixedPerGuiaUsdCents":1000,"fixedPerBoxUsdCents":200,"exemptUpToUsdCents":5000,"courierUpToUsdCents":500000}}}'::jsonb, now());--> statement-breakpoint
-- A new version, a cancellation: each leaves its audit entry (migration 0011).
CREATE TRIGGER "customs_rule_versions_audit" AFTER INSERT OR UPDATE OR DELETE ON "customs_rule_versions"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
