-- Constraints only; no row is rewritten (decision 026).
-- Slugs: venues.slug and membership_types.slug become unique per client (client_id, slug) instead of globally.
-- The new unique index is looser than the dropped constraint, so every existing row satisfies it.
-- Closed value sets: a CHECK per status/kind/type column listing the values of apps/api/src/db/values.ts (the
-- values Drizzle's enum already held every write through the ORM to). A row written outside the ORM with another
-- value would make its ALTER TABLE ... ADD CONSTRAINT fail and the migration roll back; find such rows first with
-- e.g. select status, count(*) from bookings group by status, then correct them and migrate again.
ALTER TABLE "membership_types" DROP CONSTRAINT "membership_types_slug_unique";--> statement-breakpoint
ALTER TABLE "venues" DROP CONSTRAINT "venues_slug_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "membership_types_client_slug_idx" ON "membership_types" USING btree ("client_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_client_slug_idx" ON "venues" USING btree ("client_id","slug");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'cancelled', 'attended', 'no_show'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cartable_type_check" CHECK ("cart_items"."cartable_type" in ('activity', 'av2Booking', 'activityTicket', 'membershipRenewal', 'membership', 'penalty', 'other'));--> statement-breakpoint
ALTER TABLE "cart_payments" ADD CONSTRAINT "cart_payments_tender_type_check" CHECK ("cart_payments"."tender_type" in ('cash', 'offline-voucher', 'cheque', 'credit'));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_status_check" CHECK ("carts"."status" in ('open', 'completed'));--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_kind_check" CHECK ("credit_transactions"."kind" in ('general', 'membership'));--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_type_check" CHECK ("custom_questions"."type" in ('text', 'number', 'select', 'multi_select', 'date', 'checkbox'));--> statement-breakpoint
ALTER TABLE "customer_packages" ADD CONSTRAINT "customer_packages_kind_check" CHECK ("customer_packages"."kind" in ('sessions', 'guest_pass'));--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_status_check" CHECK ("direct_debit_mandates"."status" in ('pending_submission', 'active', 'cancelled'));--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_status_check" CHECK ("eligibility_documents"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD CONSTRAINT "freeze_requests_status_check" CHECK ("freeze_requests"."status" in ('pending_approval', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_status_check" CHECK ("guest_passes"."status" in ('issued', 'redeemed'));--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_source_type_check" CHECK ("guest_passes"."source_type" in ('benefit', 'package'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_kind_check" CHECK ("membership_benefits"."kind" in ('activity', 'guest_pass'));--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_period_check" CHECK ("membership_benefits"."period" in ('month', 'week'));--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_kind_check" CHECK ("membership_promotions"."kind" in ('percent', 'fixed'));--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_applies_to_check" CHECK ("membership_promotions"."applies_to" in ('joining_fee', 'first_payment', 'both'));--> statement-breakpoint
ALTER TABLE "membership_types" ADD CONSTRAINT "membership_types_coverage_check" CHECK ("membership_types"."coverage" in ('national', 'venues'));--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('pending', 'active', 'frozen', 'cancelled', 'expired', 'suspended'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('activity', 'membership', 'penalty', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('completed', 'refunded'));--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_payment_type_check" CHECK ("payment_options"."payment_type" in ('recurring', 'fixed'));--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_fixed_period_check" CHECK ("payment_options"."fixed_period" in ('day', 'week', 'month', 'year'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tender_type_check" CHECK ("payments"."tender_type" in ('card', 'credit', 'cash', 'offline-voucher', 'cheque'));--> statement-breakpoint
ALTER TABLE "penalties" ADD CONSTRAINT "penalties_status_check" CHECK ("penalties"."status" in ('unpaid', 'paid', 'waived'));--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD CONSTRAINT "sandbox_card_tokens_kind_check" CHECK ("sandbox_card_tokens"."kind" in ('token', 'payment_method'));--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD CONSTRAINT "sandbox_card_tokens_behaviour_check" CHECK ("sandbox_card_tokens"."behaviour" in ('succeed', 'decline', 'challenge'));--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('succeeded', 'requires_action', 'declined', 'refunded'));--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_challenge_status_check" CHECK ("sandbox_payment_intents"."challenge_status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_kind_check" CHECK ("terms"."kind" in ('checkout', 'direct_debit', 'health_commitment', 'membership'));--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'left', 'booked', 'expired'));--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_type_check" CHECK ("waivers"."type" in ('simple', 'enhanced-pre-waiver'));