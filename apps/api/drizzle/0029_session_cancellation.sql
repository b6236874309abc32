-- A session can be off sale: taken off by the timetable (bookings on record, none live; issue 35, item 3) or cancelled by staff.
ALTER TABLE "activity_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_cancelled_by_check" CHECK ("activity_sessions"."cancelled_by" in ('timetable', 'staff'));--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_cancelled" CHECK (("activity_sessions"."cancelled_at" is null) = ("activity_sessions"."cancelled_by" is null));