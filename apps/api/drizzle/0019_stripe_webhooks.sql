CREATE TABLE "payment_provider_customers" (
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_customers_customer_id_provider_pk" PRIMARY KEY("customer_id","provider"),
	CONSTRAINT "payment_provider_customers_provider_customer_id_unique" UNIQUE("provider_customer_id"),
	CONSTRAINT "payment_provider_customers_provider_check" CHECK ("payment_provider_customers"."provider" in ('stripe'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "payment_webhook_events_provider_check" CHECK ("payment_webhook_events"."provider" in ('stripe')),
	CONSTRAINT "payment_webhook_events_status_check" CHECK ("payment_webhook_events"."status" in ('received', 'processed'))
);
--> statement-breakpoint
ALTER TABLE "payment_provider_customers" ADD CONSTRAINT "payment_provider_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_webhook_events_status_idx" ON "payment_webhook_events" USING btree ("status","received_at");