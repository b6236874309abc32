-- VAT (issue 37, decision 082): a treatment per product (activities, membership types, the operator's fees), the
-- operator's VAT registration number, and on every order line the treatment, rate (basis points) and VAT included
-- in its price at the time of sale. Lines sold before this release were all sold as VAT-inclusive at 20%: the
-- defaults make them standard at 2000, and the database computes their VAT from price and rate as it adds the
-- generated column (one rewrite of order_items, no row-by-row backfill).
ALTER TABLE "clients" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "fee_vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_amount" integer GENERATED ALWAYS AS (round(price::numeric * vat_rate / (10000 + vat_rate))::integer) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD CONSTRAINT "membership_types_vat_treatment_check" CHECK ("membership_types"."vat_treatment" in ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_vat_treatment_check" CHECK ("activities"."vat_treatment" in ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_treatment_check" CHECK ("order_items"."vat_treatment" in ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_rate" CHECK ("order_items"."vat_rate" >= 0 and ("order_items"."vat_rate" = 0 or "order_items"."vat_treatment" in ('standard', 'reduced')));--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");
