-- Sandbox refunds by idempotency key: a retried refund returns the first and never refunds twice (as a real provider does).
CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_id_unique" UNIQUE("id"),
	CONSTRAINT "sandbox_refunds_amount_nonneg" CHECK ("sandbox_refunds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;