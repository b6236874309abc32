-- Membership references from a sequence, as customer numbers (decision 056): buying, changing or renewing a
-- membership took a global advisory lock and scanned every membership for the highest reference.
CREATE SEQUENCE "public"."membership_reference_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
-- The next reference follows the highest one given so far.
SELECT setval('membership_reference_seq', greatest(coalesce((SELECT max(substring(reference from 3)::bigint) FROM memberships WHERE reference ~ '^M-[0-9]{6,}$'), 0) + 1, 100001), false);
