-- Reports and finance (issue 37): a finance role, and the venue each order's takings belong to and the staff member
-- who took it at the desk (decision 080).
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role_check";--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('administrator', 'centre_manager', 'front_desk', 'finance'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "venue_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_venue_created_idx" ON "orders" USING btree ("venue_id","created_at");--> statement-breakpoint
-- Orders made before this release: the venue of their first line (a session's venue, a membership's home venue, a
-- fee's venue), else the customer's home venue; the same rule as apps/api/src/db/order-venue.ts.
UPDATE "orders" o SET "venue_id" = coalesce(
  (SELECT s."venue_id" FROM "order_items" oi JOIN "activity_sessions" s ON s."id" = oi."activity_session_id"
    WHERE oi."order_id" = o."id" ORDER BY oi."id" LIMIT 1),
  (SELECT m."home_venue_id" FROM "order_items" oi JOIN "memberships" m ON m."id" = oi."membership_id"
    WHERE oi."order_id" = o."id" ORDER BY oi."id" LIMIT 1),
  (SELECT p."venue_id" FROM "order_items" oi JOIN "penalties" p ON p."id" = oi."penalty_id"
    WHERE oi."order_id" = o."id" ORDER BY oi."id" LIMIT 1),
  (SELECT c."home_venue_id" FROM "customers" c WHERE c."id" = o."customer_id")
) WHERE o."venue_id" IS NULL;
