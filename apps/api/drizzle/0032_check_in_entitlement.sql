-- Check-in with entitlement (issue 36, item 4): the desk's verdict, its reasons and the override reason on each check-in; the operator's choice to refuse entry on unpaid fees (catalogue check_in.block_on_unpaid_fees). Additive.
ALTER TABLE "check_ins" ADD COLUMN "allowed" boolean;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "reasons" jsonb;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "check_in_blocks_on_unpaid_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_override_when_refused" CHECK ("check_ins"."allowed" is not false or "check_ins"."override_reason" is not null);