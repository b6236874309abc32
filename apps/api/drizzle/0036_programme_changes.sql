-- Programme changes by staff (issue 35, items 1 and 2; decision 075): a session staff moved or changed belongs to the console (generation leaves it), each booked member of a large move may keep the place or cancel with a full refund once, and the operator says what a large move is.
ALTER TABLE "activity_sessions" ADD COLUMN "changed_by_staff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "session_move_choice_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE TABLE "session_change_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_session_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"starts_at_before" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"choice" text,
	CONSTRAINT "session_change_choices_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "session_change_choices_choice_check" CHECK ("session_change_choices"."choice" in ('kept', 'cancelled')),
	CONSTRAINT "session_change_choices_used" CHECK (("session_change_choices"."used_at" is null) = ("session_change_choices"."choice" is null))
);
--> statement-breakpoint
ALTER TABLE "session_change_choices" ADD CONSTRAINT "session_change_choices_activity_session_id_activity_sessions_id_fk" FOREIGN KEY ("activity_session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_change_choices" ADD CONSTRAINT "session_change_choices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_change_choices" ADD CONSTRAINT "session_change_choices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_change_choices_booking_idx" ON "session_change_choices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "session_change_choices_customer_idx" ON "session_change_choices" USING btree ("customer_id");
