import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { type AccountPackage, packagesQueryOptions } from '../api/get-packages';
import { PACKAGE_TEXTS } from '../texts';
import '../packages.css';

/** /packages (account-shell §2): each bought package with its sessions and contents; an error state with retry. */
export function PackageList() {
  const packages = useQuery(packagesQueryOptions);
  if (packages.isPending) return <Spinner label="Loading your packages" />;
  if (packages.isError)
    return <LoadError text={PROFILE_TEXTS.packagesFailed} onRetry={() => void packages.refetch()} />;
  if (packages.data.length === 0) return <p className="packages__empty">{PROFILE_TEXTS.noPackages}</p>;
  return (
    <ul className="packages__list">
      {packages.data.map((item) => (
        <li key={item.id}>
          <PackageCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function PackageCard({ item }: { item: AccountPackage }) {
  const headingId = useId();
  return (
    <article className="card package-card" aria-labelledby={headingId}>
      <p className="package-card__area">{item.area}</p>
      <h2 id={headingId}>{item.name}</h2>
      {item.description && <p className="package-card__description">{item.description}</p>}
      <dl className="details-list">
        <div>
          <dt>Price</dt>
          <dd>{item.price.formatted}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{item.expires ?? PACKAGE_TEXTS.neverExpires}</dd>
        </div>
        <div>
          <dt>Sessions included</dt>
          <dd>{item.sessionsIncluded}</dd>
        </div>
        <div>
          <dt>Sessions remaining</dt>
          <dd>{item.sessionsRemaining}</dd>
        </div>
      </dl>
      {item.contents.length > 0 && (
        <section className="package-card__contents" aria-label={`Contents of ${item.name}`}>
          <h3>Contents</h3>
          <ul>
            {item.contents.map((content) => (
              <li key={content.concatenatedName}>
                <span>{content.concatenatedName}</span>
                <span className="muted">
                  {content.remaining} of {content.usages} remaining
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
