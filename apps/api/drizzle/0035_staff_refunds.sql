-- Refunds by staff on any order (issue 35 item 4, decision 074): one staff_refunds row per request (its client's idempotency key unique, its credit note), its money in refunds rows per order line and tender; cash back at the desk is a new destination.
CREATE TABLE "staff_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"destination" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_refunds_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "staff_refunds_amount_pos" CHECK ("staff_refunds"."amount" > 0),
	CONSTRAINT "staff_refunds_destination_check" CHECK ("staff_refunds"."destination" in ('card', 'credit', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_refunds_idempotency_key_idx" ON "staff_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "staff_refunds_order_idx" ON "staff_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "staff_refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_refund_id_staff_refunds_id_fk" FOREIGN KEY ("staff_refund_id") REFERENCES "public"."staff_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_staff_refund_idx" ON "refunds" USING btree ("staff_refund_id");--> statement-breakpoint
-- Widened, not narrowed: every destination release N writes ('card', 'credit') is still allowed.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_destination_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_destination_check" CHECK ("refunds"."destination" in ('card', 'credit', 'cash'));
