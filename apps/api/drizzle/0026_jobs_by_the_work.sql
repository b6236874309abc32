-- Scheduled jobs that cost what there is to do (issue 34, decision 060): where the attendance rule's last run stopped,
-- the sessions by their end (attendance), the memberships by their next payment date and the payments asked for by
-- membership (direct-debit collections).
ALTER TABLE "clients" ADD COLUMN "attendance_checked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_sessions_ends_at_idx" ON "activity_sessions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "direct_debit_payments_membership_idx" ON "direct_debit_payments" USING btree ("membership_id","charge_date");--> statement-breakpoint
CREATE INDEX "memberships_next_payment_idx" ON "memberships" USING btree ("next_payment_date") WHERE "memberships"."next_payment_date" is not null;