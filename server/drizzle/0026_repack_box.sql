ALTER TABLE "repack_requests" ADD COLUMN "weight_kg" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "repack_requests" ADD COLUMN "dimensions_cm" text;