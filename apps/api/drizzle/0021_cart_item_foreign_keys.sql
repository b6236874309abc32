-- Basket lines point at what they hold through typed foreign keys, exactly one per line, instead of the
-- polymorphic (cartable_type, cartable_id) pair (decision 045). cartable_id stays, computed from the three keys.
-- 1. The three keys, filled from the pair.
ALTER TABLE "cart_items" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "penalty_id" integer;--> statement-breakpoint
UPDATE "cart_items" SET "session_id" = "cartable_id" WHERE "cartable_type" = 'activity';--> statement-breakpoint
UPDATE "cart_items" SET "membership_id" = "cartable_id" WHERE "cartable_type" IN ('membership', 'membershipRenewal');--> statement-breakpoint
UPDATE "cart_items" SET "penalty_id" = "cartable_id" WHERE "cartable_type" = 'penalty';--> statement-breakpoint
-- 2. Lines whose item no longer exists (a session since removed from the timetable) pointed at nothing and could
-- never be bought; no line was ever made of the spec's other wire types.
DELETE FROM "cart_items" AS ci WHERE NOT (
  EXISTS (SELECT 1 FROM "activity_sessions" s WHERE s."id" = ci."session_id")
  OR EXISTS (SELECT 1 FROM "memberships" m WHERE m."id" = ci."membership_id")
  OR EXISTS (SELECT 1 FROM "penalties" p WHERE p."id" = ci."penalty_id")
);--> statement-breakpoint
-- 3. cartable_id computed from the keys (the index on the pair follows the column).
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cartable_type_check";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "cartable_id";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "cartable_id" integer GENERATED ALWAYS AS (coalesce(session_id, membership_id, penalty_id)) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_per_cartable" ON "cart_items" USING btree ("cart_id","cartable_type","cartable_id");--> statement-breakpoint
CREATE INDEX "cart_items_cartable_idx" ON "cart_items" USING btree ("cartable_type","cartable_id");--> statement-breakpoint
-- 4. The keys' constraints.
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_penalty_id_penalties_id_fk" FOREIGN KEY ("penalty_id") REFERENCES "public"."penalties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_session_idx" ON "cart_items" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "cart_items_membership_idx" ON "cart_items" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "cart_items_penalty_idx" ON "cart_items" USING btree ("penalty_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_exactly_one_item" CHECK (num_nonnulls("cart_items"."session_id", "cart_items"."membership_id", "cart_items"."penalty_id") = 1 and ("cart_items"."cartable_type" = 'activity') = ("cart_items"."session_id" is not null) and ("cart_items"."cartable_type" in ('membership', 'membershipRenewal')) = ("cart_items"."membership_id" is not null) and ("cart_items"."cartable_type" = 'penalty') = ("cart_items"."penalty_id" is not null));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cartable_type_check" CHECK ("cart_items"."cartable_type" in ('activity', 'membershipRenewal', 'membership', 'penalty'));
