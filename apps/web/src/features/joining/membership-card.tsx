import { Button } from '../../ui/button';
import type { Membership, PaymentOption } from './api';
import { priceLabel } from './price-label';
import { JOINING_TEXTS, MEMBERSHIP_TEXTS, PURCHASE_TEXTS } from './texts';

export const coverageLabel = (membership: Membership): string =>
  membership.coverage === 'national'
    ? MEMBERSHIP_TEXTS.national
    : membership.coverage.map((venue) => venue.name).join(', ');

export const optionPriceLabel = (option: PaymentOption): string =>
  priceLabel(option, option.globalBasePrice.formatted);

/** The server's reason a membership cannot be bought, under the spec's banner title. */
export function IneligibleBanner({ message }: { message: string | null }) {
  return (
    <div className="notice notice--warning membership-card__ineligible">
      <p>
        <strong>{PURCHASE_TEXTS.ineligibleBanner}</strong>
      </p>
      {message && <p>{message}</p>}
    </div>
  );
}

export interface MembershipCardProps {
  membership: Membership;
  option: PaymentOption;
  isSelected: boolean;
  onViewDetails: () => void;
  onChoose: () => void;
}

/** A membership in the list: name, price, categories, coverage, 'View details', 'Choose this membership'. */
export function MembershipCard({
  membership,
  option,
  isSelected,
  onViewDetails,
  onChoose,
}: MembershipCardProps) {
  const { canPurchase, hasPrices, message } = option.isPurchasable;
  return (
    <article className={`card membership-card${isSelected ? ' membership-card--selected' : ''}`}>
      <h3 className="membership-card__name">{membership.name}</h3>
      <p className="membership-card__price">
        {hasPrices ? optionPriceLabel(option) : JOINING_TEXTS.notEligible}
      </p>
      <dl className="membership-card__facts">
        {membership.categories.length > 0 && (
          <div>
            <dt>Type</dt>
            <dd>{membership.categories.map((c) => c.name).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Coverage</dt>
          <dd>{coverageLabel(membership)}</dd>
        </div>
      </dl>
      {membership.eligibility && (
        <p className="membership-card__eligibility">{JOINING_TEXTS.documentRequired}</p>
      )}
      {hasPrices && !canPurchase && <IneligibleBanner message={message} />}
      <div className="membership-card__actions">
        <Button variant="secondary" onClick={onViewDetails} aria-label={`View details of ${membership.name}`}>
          {MEMBERSHIP_TEXTS.viewDetails}
        </Button>
        <Button onClick={onChoose} disabled={!canPurchase}>
          {MEMBERSHIP_TEXTS.choose}
          <span className="visually-hidden">: {membership.name}</span>
        </Button>
      </div>
    </article>
  );
}
