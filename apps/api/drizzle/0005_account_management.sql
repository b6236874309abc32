CREATE TABLE "eligibility_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eligibility_document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"criterion_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eligibility_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freeze_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"freeze_type_id" integer NOT NULL,
	"active_from" date NOT NULL,
	"months" integer NOT NULL,
	"storage_key" text,
	"original_name" text,
	"mime_type" text,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freeze_requests_months_pos" CHECK ("freeze_requests"."months" > 0)
);
--> statement-breakpoint
CREATE TABLE "freeze_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"reason" text NOT NULL,
	"time_periods" jsonb NOT NULL,
	"monthly_fee" integer DEFAULT 0 NOT NULL,
	"proof_document_type_id" integer,
	"proof_description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "freeze_types_fee_nonneg" CHECK ("freeze_types"."monthly_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"waiver_id" integer NOT NULL,
	"version" integer NOT NULL,
	"attendee_name" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waiver_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"waiver_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body_html" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiver_versions_version" CHECK ("waiver_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"restriction_name" text NOT NULL,
	"type" text DEFAULT 'simple' NOT NULL,
	"title" text NOT NULL,
	"valid_for_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waivers_valid_for_months" CHECK ("waivers"."valid_for_months" is null or "waivers"."valid_for_months" > 0)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "waiver_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "allow_online_cancellation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "cancellation_refusal_message" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "cancellation_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "eligibility_criterion_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancellation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "replaces_membership_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renews_membership_id" integer;--> statement-breakpoint
ALTER TABLE "eligibility_criteria" ADD CONSTRAINT "eligibility_criteria_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_document_types" ADD CONSTRAINT "eligibility_document_types_criterion_id_eligibility_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."eligibility_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_criterion_id_eligibility_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."eligibility_criteria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_document_type_id_eligibility_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."eligibility_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD CONSTRAINT "freeze_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD CONSTRAINT "freeze_requests_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD CONSTRAINT "freeze_requests_freeze_type_id_freeze_types_id_fk" FOREIGN KEY ("freeze_type_id") REFERENCES "public"."freeze_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_types" ADD CONSTRAINT "freeze_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_types" ADD CONSTRAINT "freeze_types_proof_document_type_id_eligibility_document_types_id_fk" FOREIGN KEY ("proof_document_type_id") REFERENCES "public"."eligibility_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_versions" ADD CONSTRAINT "waiver_versions_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eligibility_document_types_criterion_idx" ON "eligibility_document_types" USING btree ("criterion_id");--> statement-breakpoint
CREATE INDEX "eligibility_documents_membership_idx" ON "eligibility_documents" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "eligibility_documents_customer_idx" ON "eligibility_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "freeze_requests_membership_idx" ON "freeze_requests" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freeze_requests_one_pending" ON "freeze_requests" USING btree ("membership_id") WHERE "freeze_requests"."status" = 'pending_approval';--> statement-breakpoint
CREATE INDEX "waiver_signatures_customer_idx" ON "waiver_signatures" USING btree ("customer_id","waiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_versions_waiver_version_idx" ON "waiver_versions" USING btree ("waiver_id","version");--> statement-breakpoint
CREATE INDEX "waivers_client_idx" ON "waivers" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_types" ADD CONSTRAINT "membership_types_eligibility_criterion_id_eligibility_criteria_id_fk" FOREIGN KEY ("eligibility_criterion_id") REFERENCES "public"."eligibility_criteria"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_replaces_membership_id_memberships_id_fk" FOREIGN KEY ("replaces_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renews_membership_id_memberships_id_fk" FOREIGN KEY ("renews_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_waiver_required" CHECK ("activities"."waiver_id" is null or "activities"."requires_waiver");