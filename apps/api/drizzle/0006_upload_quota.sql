ALTER TABLE "customers" ADD COLUMN "profile_photo_bytes" integer;--> statement-breakpoint
ALTER TABLE "freeze_requests" ADD COLUMN "size_bytes" integer;