ALTER TABLE "guest_passes" DROP CONSTRAINT "guest_passes_status_check";--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD COLUMN "expiry_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_status_check" CHECK ("guest_passes"."status" in ('issued', 'redeemed', 'expired'));