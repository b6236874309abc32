import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { Button } from '../../../ui/button';
import type { Membership, PaymentOption } from '../api/get-membership-types';
import { priceLabel } from '../rules/price-label';
import { MEMBERSHIP_TEXTS } from '../texts';

export const coverageLabel = (membership: Membership): string =>
  membership.coverage === 'national'
    ? MEMBERSHIP_TEXTS.national
    : membership.coverage.map((venue) => venue.name).join(', ');

export const optionPriceLabel = (option: PaymentOption): string =>
  priceLabel(option, option.globalBasePrice.formatted);

/**
 * The server's reason a membership cannot be bought, under the spec's banner title; a membership the member
 * already holds says just that.
 */
export function IneligibleBanner({ message }: { message: string | null }) {
  if (message === MEMBERSHIP_PURCHASE_TEXTS.alreadyMember)
    return (
      <p className="notice notice--info membership-card__ineligible">
        <strong>{message}</strong>
      </p>
    );
  return (
    <div className="notice notice--warning membership-card__ineligible">
      <p>
        <strong>{MEMBERSHIP_PURCHASE_TEXTS.ineligibleBanner}</strong>
      </p>
      {message && <p>{message}</p>}
    </div>
  );
}

/**
 * The joining fee ('No joining fee' when none) and what is due today (the server's figure for a start today), so
 * the card says what joining costs before step 5.
 */
export function JoiningCosts({ option, hasBillingDate }: { option: PaymentOption; hasBillingDate: boolean }) {
  const { joiningFee } = option.fees;
  const assumption =
    option.paymentType === 'recurring' && !hasBillingDate
      ? MEMBERSHIP_TEXTS.dueTodayRecurring
      : MEMBERSHIP_TEXTS.dueTodayOwnDay;
  return (
    <dl className="membership-card__costs">
      <div>
        <dt>{MEMBERSHIP_TEXTS.joiningFee}</dt>
        <dd>{joiningFee.raw > 0 ? joiningFee.formatted : MEMBERSHIP_TEXTS.noJoiningFee}</dd>
      </div>
      <div>
        <dt>
          {MEMBERSHIP_TEXTS.dueToday}
          <span className="membership-card__note"> {assumption}</span>
        </dt>
        <dd>{option.totalToPayNow.formatted}</dd>
      </div>
    </dl>
  );
}

export interface MembershipCardProps {
  membership: Membership;
  option: PaymentOption;
  /** Joining: show the joining fee and what is due today (the member's own billing day, if set, is used). */
  joiningCosts?: { hasBillingDate: boolean };
  isSelected: boolean;
  onViewDetails: () => void;
  onChoose: () => void;
}

/** A membership in the list: name, price, categories, coverage, 'View details', 'Choose this membership'. */
export function MembershipCard({
  membership,
  option,
  joiningCosts,
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
      {hasPrices && joiningCosts && (
        <JoiningCosts option={option} hasBillingDate={joiningCosts.hasBillingDate} />
      )}
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
