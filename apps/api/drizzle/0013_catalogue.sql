CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"rule_id" integer,
	"activity_id" integer,
	"start_time" text,
	"duration_minutes" integer,
	"capacity" integer,
	"price" integer,
	"location_name" text,
	"reason" text,
	"archived_at" timestamp with time zone,
	CONSTRAINT "timetable_exceptions_kind_check" CHECK ("timetable_exceptions"."kind" in ('closed', 'cancelled', 'changed', 'extra')),
	CONSTRAINT "timetable_exceptions_shape" CHECK (("timetable_exceptions"."kind" = 'closed' and "timetable_exceptions"."rule_id" is null and "timetable_exceptions"."activity_id" is null)
        or ("timetable_exceptions"."kind" in ('cancelled', 'changed') and "timetable_exceptions"."rule_id" is not null and "timetable_exceptions"."activity_id" is null)
        or ("timetable_exceptions"."kind" = 'extra' and "timetable_exceptions"."rule_id" is null and "timetable_exceptions"."activity_id" is not null and "timetable_exceptions"."start_time" is not null)),
	CONSTRAINT "timetable_exceptions_start_time" CHECK ("timetable_exceptions"."start_time" is null or "timetable_exceptions"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "timetable_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"key" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer,
	"capacity" integer,
	"price" integer,
	"location_name" text,
	"valid_from" date,
	"valid_until" date,
	"archived_at" timestamp with time zone,
	CONSTRAINT "timetable_rules_weekday" CHECK ("timetable_rules"."weekday" between 1 and 7),
	CONSTRAINT "timetable_rules_start_time" CHECK ("timetable_rules"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "timetable_rules_values" CHECK (("timetable_rules"."duration_minutes" is null or "timetable_rules"."duration_minutes" > 0) and ("timetable_rules"."capacity" is null or "timetable_rules"."capacity" > 0) and ("timetable_rules"."price" is null or "timetable_rules"."price" >= 0))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "local_date" date;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "exception_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "timetable_horizon_weeks" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eligibility_criteria" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "eligibility_document_types" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "eligibility_document_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "freeze_types" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "freeze_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_exceptions" ADD CONSTRAINT "timetable_exceptions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_exceptions" ADD CONSTRAINT "timetable_exceptions_rule_id_timetable_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."timetable_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_exceptions" ADD CONSTRAINT "timetable_exceptions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_rules" ADD CONSTRAINT "timetable_rules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_rules" ADD CONSTRAINT "timetable_rules_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_client_idx" ON "catalogue_imports" USING btree ("client_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_exceptions_venue_key_idx" ON "timetable_exceptions" USING btree ("venue_id","key");--> statement-breakpoint
CREATE INDEX "timetable_exceptions_venue_date_idx" ON "timetable_exceptions" USING btree ("venue_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_rules_venue_key_idx" ON "timetable_rules" USING btree ("venue_id","key");--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_rule_id_timetable_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."timetable_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_exception_id_timetable_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."timetable_exceptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_venue_key_idx" ON "activities" USING btree ("venue_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_sessions_rule_date_idx" ON "activity_sessions" USING btree ("rule_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_sessions_exception_idx" ON "activity_sessions" USING btree ("exception_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eligibility_criteria_client_key_idx" ON "eligibility_criteria" USING btree ("client_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "eligibility_document_types_criterion_key_idx" ON "eligibility_document_types" USING btree ("criterion_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "freeze_types_client_key_idx" ON "freeze_types" USING btree ("client_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_benefits_type_key_idx" ON "membership_benefits" USING btree ("membership_type_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_promotions_client_key_idx" ON "membership_promotions" USING btree ("client_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_options_type_key_idx" ON "payment_options" USING btree ("membership_type_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_client_key_idx" ON "terms" USING btree ("client_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "waivers_client_key_idx" ON "waivers" USING btree ("client_id","key");