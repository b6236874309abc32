-- Cash-up at the desk (issue 37 item 3, decision 083): tills, their sessions (float, counts, expected figures frozen at
-- close), adjustments to closed sessions, a venue's day close, and the till session of a desk order and a cash refund.
CREATE TABLE "tills" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "till_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"till_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"float" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"expected_cash" integer,
	"expected_cheques" integer,
	"expected_vouchers" integer,
	"counted_cash" integer,
	"counted_cheques" integer,
	"counted_vouchers" integer,
	"cheque_count" integer,
	"voucher_count" integer,
	"denominations" jsonb,
	"note" text,
	CONSTRAINT "till_sessions_status_check" CHECK ("till_sessions"."status" in ('open', 'closed')),
	CONSTRAINT "till_sessions_float_nonneg" CHECK ("till_sessions"."float" >= 0),
	CONSTRAINT "till_sessions_closed_counted" CHECK (("till_sessions"."status" = 'closed') = ("till_sessions"."closed_at" is not null and "till_sessions"."counted_cash" is not null and "till_sessions"."expected_cash" is not null))
);
--> statement-breakpoint
CREATE TABLE "till_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"till_session_id" integer NOT NULL,
	"tender" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_adjustments_tender_check" CHECK ("till_adjustments"."tender" in ('cash', 'cheque', 'offline-voucher')),
	CONSTRAINT "till_adjustments_amount_nonzero" CHECK ("till_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "till_day_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_opened_by_staff_accounts_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_closed_by_staff_accounts_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_adjustments" ADD CONSTRAINT "till_adjustments_till_session_id_till_sessions_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_adjustments" ADD CONSTRAINT "till_adjustments_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_day_closes" ADD CONSTRAINT "till_day_closes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_day_closes" ADD CONSTRAINT "till_day_closes_closed_by_staff_accounts_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_session_id_till_sessions_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_till_session_id_till_sessions_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tills_venue_idx" ON "tills" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tills_venue_name_idx" ON "tills" USING btree ("venue_id","name") WHERE "tills"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "till_sessions_one_open_idx" ON "till_sessions" USING btree ("till_id") WHERE "till_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "till_sessions_venue_date_idx" ON "till_sessions" USING btree ("venue_id","business_date");--> statement-breakpoint
CREATE INDEX "till_adjustments_session_idx" ON "till_adjustments" USING btree ("till_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "till_day_closes_venue_date_idx" ON "till_day_closes" USING btree ("venue_id","business_date");--> statement-breakpoint
CREATE INDEX "orders_till_session_idx" ON "orders" USING btree ("till_session_id") WHERE "orders"."till_session_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_till_session_idx" ON "refunds" USING btree ("till_session_id") WHERE "refunds"."till_session_id" is not null;
--> statement-breakpoint
CREATE INDEX "refunds_cash_created_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."destination" = 'cash';
