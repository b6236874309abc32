import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { PageTitle } from '../../lib/page-title';
import { Link } from '../../lib/router';

/** What a staff member sees on a page their role may not use (the server answered 403, or would). */
export function NotAllowed() {
  return (
    <div className="admin-page stack">
      <PageTitle title="Not allowed" />
      <h1>Not allowed</h1>
      <p>{STAFF_TEXTS.forbidden}. Ask an administrator if you need it.</p>
      <Link className="btn btn--secondary" to="/">
        Back to the console home
      </Link>
    </div>
  );
}
