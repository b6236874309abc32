CREATE TABLE "customer_flags" (
	"customer_id" integer NOT NULL,
	"flag" text NOT NULL,
	"staff_id" integer,
	"author" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_flags_customer_id_flag_pk" PRIMARY KEY("customer_id","flag"),
	CONSTRAINT "customer_flags_flag_check" CHECK ("customer_flags"."flag" in ('photo_id_seen', 'proof_of_address_seen'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"body" text NOT NULL,
	"staff_id" integer,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address_line_1" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address_line_2" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "medical_notes" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "customer_flags" ADD CONSTRAINT "customer_flags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_flags" ADD CONSTRAINT "customer_flags_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;