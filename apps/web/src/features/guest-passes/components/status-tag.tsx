import { Badge } from '../../../ui/badge';
import type { GuestPass } from '../api/types';

const LABELS: Record<GuestPass['status'], string> = {
  issued: 'Issued',
  redeemed: 'Redeemed',
  expired: 'Expired',
};

/** Issued and redeemed in the success style, expired in the danger style. */
export function GuestPassStatusTag({ status }: { status: GuestPass['status'] }) {
  return <Badge tone={status === 'expired' ? 'danger' : 'success'}>{LABELS[status]}</Badge>;
}
