DROP INDEX "packages_created_at_idx";--> statement-breakpoint
DROP INDEX "shipments_created_at_idx";--> statement-breakpoint
DROP INDEX "payment_transactions_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "packages_created_at_user_id_idx" ON "packages" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "shipment_packages_created_at_idx" ON "shipment_packages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipments_created_at_cost_idx" ON "shipments" USING btree ("created_at","shipping_cost_usd");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_created_at_amount_idx" ON "payment_transactions" USING btree ("status","created_at","amount_usd");