CREATE TABLE "direct_debit_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"sort_code_masked" text NOT NULL,
	"billing_address_line1" text NOT NULL,
	"billing_address_line2" text,
	"billing_city" text NOT NULL,
	"billing_postcode" text NOT NULL,
	"status" text DEFAULT 'pending_submission' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "direct_debit_mandates_reference_unique" UNIQUE("reference"),
	CONSTRAINT "direct_debit_mandates_last4" CHECK ("direct_debit_mandates"."account_number_last4" ~ '^[0-9]{2,4}$')
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "awaiting_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "join_costs" jsonb;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "mandate_id" integer;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_customer_idx" ON "direct_debit_mandates" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_promotion_id_membership_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."membership_promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_mandate_id_direct_debit_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."direct_debit_mandates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_awaiting_payment_idx" ON "memberships" USING btree ("customer_id") WHERE "memberships"."awaiting_payment";