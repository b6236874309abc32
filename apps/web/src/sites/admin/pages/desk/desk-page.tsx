import { CustomerSearch } from '../../../../features/desk/components/customer-search';
import { PageTitle } from '../../../../lib/page-title';
import { Link, useSearchParams } from '../../../../lib/router';
import { buttonClass } from '../../../../ui/button';
import { DeskTabs } from './desk-tabs';

export default function DeskPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <div className="admin-page">
      <PageTitle title={query ? `Find a customer: ${query}` : 'Find a customer'} />
      <h1>Find a customer</h1>
      <DeskTabs />
      <CustomerSearch query={query} onSearch={(q) => setParams({ q: q.trim() })} />
      <p className="desk-new-customer">
        <span className="muted">Not found? Someone new at the desk: </span>
        <Link to="/desk/customers/new" className={buttonClass('secondary')}>
          New customer
        </Link>
      </p>
    </div>
  );
}
