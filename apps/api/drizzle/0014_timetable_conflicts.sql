CREATE TABLE "timetable_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_session_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"wanted_starts_at" timestamp with time zone,
	"wanted_capacity" integer,
	"booked_count" integer NOT NULL,
	"description" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_conflicts_kind_check" CHECK ("timetable_conflicts"."kind" in ('move', 'remove', 'capacity')),
	CONSTRAINT "timetable_conflicts_reason_check" CHECK ("timetable_conflicts"."reason" in ('rule_changed', 'rule_archived', 'rule_dates', 'closed', 'cancelled', 'changed', 'extra_removed', 'activity_archived', 'venue_archived'))
);
--> statement-breakpoint
ALTER TABLE "timetable_conflicts" ADD CONSTRAINT "timetable_conflicts_activity_session_id_activity_sessions_id_fk" FOREIGN KEY ("activity_session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_conflicts" ADD CONSTRAINT "timetable_conflicts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_conflicts_session_idx" ON "timetable_conflicts" USING btree ("activity_session_id");--> statement-breakpoint
CREATE INDEX "timetable_conflicts_venue_idx" ON "timetable_conflicts" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "order_items_session_idx" ON "order_items" USING btree ("activity_session_id");