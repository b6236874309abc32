-- Collections read their due memberships a batch at a time by (next payment date, id) (decision 060): each batch reads its own rows.
DROP INDEX "memberships_next_payment_idx";--> statement-breakpoint
CREATE INDEX "memberships_next_payment_idx" ON "memberships" USING btree ("next_payment_date","id") WHERE "memberships"."next_payment_date" is not null;