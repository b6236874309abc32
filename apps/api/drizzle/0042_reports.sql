CREATE INDEX "customers_home_venue_created_idx" ON "customers" USING btree ("home_venue_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_home_venue_start_idx" ON "memberships" USING btree ("home_venue_id","start_date");--> statement-breakpoint
CREATE INDEX "direct_debit_payments_charge_date_idx" ON "direct_debit_payments" USING btree ("charge_date");
-- refunds (created_at): made by 0040, which the VAT summary needed too.
