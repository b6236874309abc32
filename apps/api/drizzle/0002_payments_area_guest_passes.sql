CREATE SEQUENCE "public"."pricing_option_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_package_venues" (
	"customer_package_id" integer NOT NULL,
	"venue_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"code" text NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"redeemed_at" timestamp with time zone,
	"source_type" text NOT NULL,
	"membership_id" integer,
	"benefit_id" integer,
	"customer_package_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_passes_code_unique" UNIQUE("code"),
	CONSTRAINT "guest_passes_source" CHECK (("guest_passes"."source_type" = 'benefit' and "guest_passes"."membership_id" is not null and "guest_passes"."benefit_id" is not null) or ("guest_passes"."source_type" = 'package' and "guest_passes"."customer_package_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "benefit_usages" ADD COLUMN "guest_pass_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customer_packages" ADD COLUMN "kind" text DEFAULT 'sessions' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_packages" ADD COLUMN "pricing_option_id" integer DEFAULT nextval('pricing_option_id_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD COLUMN "kind" text DEFAULT 'activity' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD COLUMN "pricing_option_id" integer DEFAULT nextval('pricing_option_id_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "package_usages" ADD COLUMN "guest_pass_id" integer;--> statement-breakpoint
ALTER TABLE "customer_package_venues" ADD CONSTRAINT "customer_package_venues_customer_package_id_customer_packages_id_fk" FOREIGN KEY ("customer_package_id") REFERENCES "public"."customer_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_package_venues" ADD CONSTRAINT "customer_package_venues_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_benefit_id_membership_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."membership_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_customer_package_id_customer_packages_id_fk" FOREIGN KEY ("customer_package_id") REFERENCES "public"."customer_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_package_venues_pk" ON "customer_package_venues" USING btree ("customer_package_id","venue_id");--> statement-breakpoint
CREATE INDEX "guest_passes_customer_idx" ON "guest_passes" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "benefit_usages" ADD CONSTRAINT "benefit_usages_guest_pass_id_guest_passes_id_fk" FOREIGN KEY ("guest_pass_id") REFERENCES "public"."guest_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_usages" ADD CONSTRAINT "package_usages_guest_pass_id_guest_passes_id_fk" FOREIGN KEY ("guest_pass_id") REFERENCES "public"."guest_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_packages_pricing_option_idx" ON "customer_packages" USING btree ("pricing_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_benefits_pricing_option_idx" ON "membership_benefits" USING btree ("pricing_option_id");