CREATE TABLE "consent_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"consent" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"link_id" text,
	"staff_id" integer,
	CONSTRAINT "consent_changes_consent_check" CHECK ("consent_changes"."consent" in ('marketing_email')),
	CONSTRAINT "consent_changes_source_check" CHECK ("consent_changes"."source" in ('mail_link', 'one_click', 'my_details', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_changes_link_idx" ON "consent_changes" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "consent_changes_customer_idx" ON "consent_changes" USING btree ("customer_id","at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "mail_link_key" text;
