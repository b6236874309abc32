import { PackageList } from '../../../../features/packages/components/package-list';
import { PageTitle } from '../../../../lib/page-title';

/** /packages: the packages the customer has bought. */
export default function PackagesPage() {
  return (
    <section className="page stack">
      <PageTitle title="Packages" />
      <h1>Packages</h1>
      <PackageList />
    </section>
  );
}
