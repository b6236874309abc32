import type { User } from '../../../../features/auth/api/get-user';
import { Link } from '../../../../lib/router';
import { Notice } from '../../../../ui/notice';

/** Eligibility notices (spec §6) from the user's document expiry list and upload requirement. */
export function EligibilityNotices({ user }: { user: User }) {
  return (
    <>
      {user.membershipDocumentUploadRequired && (
        <Notice tone="warning">
          <p>
            Proof of eligibility is required for this membership. Please upload{' '}
            <Link to="/memberships">here</Link>.
          </p>
        </Notice>
      )}
      {user.documentExpiry.map((expiry) =>
        expiry.expired ? (
          <Notice key={expiry.membershipId} tone="danger">
            <p>Document has expired. Please upload a new document</p>
            <Link to="/memberships">Upload a new document</Link>
          </Notice>
        ) : expiry.documentExpiringSoon ? (
          <Notice key={expiry.membershipId} tone="warning">
            <p>Document is due to expire. Please upload a new document</p>
            <p>expires in {expiry.daysToExpiry} day(s)</p>
            <p>
              If you do not update this document your membership will become suspended and you will lose all
              access rights.
            </p>
            <Link to="/memberships">Upload a new document</Link>
          </Notice>
        ) : null,
      )}
    </>
  );
}
