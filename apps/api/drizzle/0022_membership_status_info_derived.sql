-- status_info is derived on every read (services/memberships/status-info.ts), no longer stored (issue 14).
ALTER TABLE "memberships" DROP COLUMN "status_info";