CREATE TABLE "direct_debit_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mandate_id" integer NOT NULL,
	"membership_id" integer,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"charge_date" date NOT NULL,
	"status" text DEFAULT 'pending_submission' NOT NULL,
	"failure_reason" text,
	"penalty_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "direct_debit_payments_amount_pos" CHECK ("direct_debit_payments"."amount" > 0),
	CONSTRAINT "direct_debit_payments_status_check" CHECK ("direct_debit_payments"."status" in ('pending_submission', 'submitted', 'confirmed', 'paid_out', 'failed', 'cancelled', 'charged_back'))
);
--> statement-breakpoint
CREATE TABLE "direct_debit_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"resource_type" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" DROP CONSTRAINT "direct_debit_mandates_status_check";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "failed_collection_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD COLUMN "provider_mandate_id" text;--> statement-breakpoint
ALTER TABLE "direct_debit_payments" ADD CONSTRAINT "direct_debit_payments_mandate_id_direct_debit_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."direct_debit_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_payments" ADD CONSTRAINT "direct_debit_payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_payments" ADD CONSTRAINT "direct_debit_payments_penalty_id_penalties_id_fk" FOREIGN KEY ("penalty_id") REFERENCES "public"."penalties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_payments_mandate_idx" ON "direct_debit_payments" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "direct_debit_webhook_events_unprocessed_idx" ON "direct_debit_webhook_events" USING btree ("received_at") WHERE processed_at is null;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_provider_mandate_id_unique" UNIQUE("provider_mandate_id");--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_status_check" CHECK ("direct_debit_mandates"."status" in ('pending_submission', 'active', 'cancelled', 'failed'));