ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_quantity_one";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "max_places_per_booking" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "places" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_max_places" CHECK ("activities"."max_places_per_booking" >= 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_places" CHECK ("bookings"."places" >= 1);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity" CHECK ("cart_items"."quantity" >= 1);