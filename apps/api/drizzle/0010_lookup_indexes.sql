CREATE INDEX "benefit_usages_booking_idx" ON "benefit_usages" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "cart_items_cartable_idx" ON "cart_items" USING btree ("cartable_type","cartable_id");--> statement-breakpoint
CREATE INDEX "credit_transactions_order_idx" ON "credit_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_transactions_booking_idx" ON "credit_transactions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "package_usages_booking_idx" ON "package_usages" USING btree ("booking_id");