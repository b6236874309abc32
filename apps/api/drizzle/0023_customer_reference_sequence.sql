-- Customer numbers from a sequence (issue 12): registration took a global advisory lock and scanned every
-- customer for the highest number (70 ms with 100,000 customers, so at most 14 registrations a second).
CREATE SEQUENCE "public"."customer_reference_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
-- The next number follows the highest one given so far.
SELECT setval('customer_reference_seq', greatest(coalesce((SELECT max(substring(reference from 3)::bigint) FROM customers WHERE reference ~ '^FH[0-9]{6,}$'), 0) + 1, 100001), false);
