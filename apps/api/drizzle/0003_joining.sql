CREATE TABLE "custom_question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_type_id" integer NOT NULL,
	"reference" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"payment_option_id" integer,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"applies_to" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	CONSTRAINT "membership_promotions_value" CHECK ("membership_promotions"."value" > 0 and ("membership_promotions"."kind" <> 'percent' or "membership_promotions"."value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "provides_access_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "month_in_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_question_answers" ADD CONSTRAINT "custom_question_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_question_answers" ADD CONSTRAINT "custom_question_answers_question_id_custom_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."custom_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_payment_option_id_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."payment_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_question_answers_customer_question" ON "custom_question_answers" USING btree ("customer_id","question_id");--> statement-breakpoint
CREATE INDEX "custom_questions_type_idx" ON "custom_questions" USING btree ("membership_type_id");--> statement-breakpoint
CREATE INDEX "membership_promotions_code_idx" ON "membership_promotions" USING btree ("client_id",upper("code"));