DROP INDEX "prealerts_user_id_idx";--> statement-breakpoint
DROP INDEX "shipments_user_id_idx";--> statement-breakpoint
DROP INDEX "invoices_user_id_idx";--> statement-breakpoint
CREATE INDEX "packages_user_arrived_idx" ON "packages" USING btree ("user_id",coalesce("received_date", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "prealerts_user_id_idx" ON "prealerts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_user_id_idx" ON "shipments" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_user_id_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);