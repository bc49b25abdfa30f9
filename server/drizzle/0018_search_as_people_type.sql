-- hand-written below
-- Searching as people type (docs/decisions/026-search-as-people-type.md): a name is found
-- without its accents or case, a phone or a cédula by its digits however it was written. Each is
-- an immutable function (translate, lower and regexp_replace only: no extension, the same on
-- PGlite and PostgreSQL) with a trigram index on it; the queries compare the same expression.
-- The letters are those of SEARCH_FOLD_FROM and SEARCH_FOLD_TO in shared/src/search-text.ts.
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  select lower(translate(t, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
$$;--> statement-breakpoint
-- A phone's digits without the country code 58 (when written with +58, or a whole 12-digit
-- Venezuelan number) and without leading zeros: '+58 424-123-4567' and '0424-1234567' both give
-- '4241234567' (searchDigits in shared/src/search-text.ts reduces what is typed the same way).
CREATE FUNCTION "search_phone_digits"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  select ltrim(
    case when t ~ '^\s*\+\s*58' or regexp_replace(t, '\D', '', 'g') ~ '^58\d{10}$'
      then substr(regexp_replace(t, '\D', '', 'g'), 3)
      else regexp_replace(t, '\D', '', 'g') end,
    '0')
$$;--> statement-breakpoint
-- A cédula's digits: 'V-12.345.678' gives '12345678'.
CREATE FUNCTION "search_cedula_digits"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  select ltrim(regexp_replace(t, '\D', '', 'g'), '0')
$$;--> statement-breakpoint
CREATE INDEX "user_profiles_full_name_fold_trgm_idx" ON "user_profiles" USING gin ("search_fold"("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_phone_digits_trgm_idx" ON "user_profiles" USING gin ("search_phone_digits"("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_cedula_digits_trgm_idx" ON "user_profiles" USING gin ("search_cedula_digits"("cedula") gin_trgm_ops);
