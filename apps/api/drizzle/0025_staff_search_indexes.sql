-- The desk's customer search from indexes (issue 34, decision 059): it read every customer, 16 s with 1,000,000.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it, no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "customers_email_idx";--> statement-breakpoint
CREATE INDEX "customers_reference_prefix_idx" ON "customers" USING btree (upper("reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_first_name_prefix_idx" ON "customers" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_prefix_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_postcode_idx" ON "direct_debit_mandates" USING btree (replace(upper("billing_postcode"), ' ', '') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "saved_cards_postcode_idx" ON "saved_cards" USING btree (replace(upper("billing_postcode"), ' ', '') text_pattern_ops) WHERE "saved_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email") text_pattern_ops);