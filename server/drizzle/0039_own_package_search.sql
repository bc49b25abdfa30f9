-- hand-written below
-- A customer's own package search (docs/product/public-api.md#performance): one GIN index over
-- the owner and the three texts Almacén and the public API search. btree_gin gives the uuid its
-- GIN operators (a contrib extension of PostgreSQL, loaded by PGlite in server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "packages_owner_search_idx" ON "packages" USING gin ("user_id","tracking_number" gin_trgm_ops,"package_description" gin_trgm_ops,"sender_name" gin_trgm_ops);
