-- The back office's package search (src/server/production/package-pages.ts) matches a package's
-- name anywhere in it; every package's name was matched in turn, 5 ms over 10,000 packages and
-- growing with them. A trigram index (pg_trgm, in PostgreSQL's contrib and trusted, so the
-- database's owner may create it; the embedded database loads it in db/connection.ts) answers
-- `lower(name) like '%…%'` from the names that hold the typed text's trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "qr_packages_name_trigrams_idx" ON "qr_packages" USING gin (lower("name") gin_trgm_ops);
