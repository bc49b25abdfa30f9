ALTER TABLE "fiscal_documents" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "source_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_source_key" ON "fiscal_documents" USING btree ("source_key") WHERE "fiscal_documents"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "fiscal_documents_references_idx" ON "fiscal_documents" USING btree ("references_id");