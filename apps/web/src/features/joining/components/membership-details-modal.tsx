import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { ServerHtml } from '../../../ui/server-html';
import type { Membership, PaymentOption } from '../api/get-membership-types';
import { perPeriod } from '../rules/price-label';
import { MEMBERSHIP_TEXTS } from '../texts';
import { coverageLabel, IneligibleBanner, optionPriceLabel } from './membership-card';

/** The details of one membership (lazy chunk: react-aria modal and DOMPurify). */
export default function MembershipDetailsModal({
  membership,
  option,
  onChoose,
  onClose,
}: {
  membership: Membership;
  option: PaymentOption;
  onChoose: () => void;
  onClose: () => void;
}) {
  const description = membership.description;
  const { canPurchase, hasPrices, message } = option.isPurchasable;
  return (
    <ModalDialog title={membership.name} size="wide" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="membership-details">
        <p className="membership-card__price">
          {hasPrices ? optionPriceLabel(option) : JOINING_TEXTS.notEligible}
        </p>
        <p>
          <strong>Coverage:</strong> {coverageLabel(membership)}
        </p>
        {description && <ServerHtml className="membership-details__description" html={description} />}
        {membership.providesAccessTo.length > 0 && (
          <>
            <h3>Provides access to</h3>
            <ul>
              {membership.providesAccessTo.map((item) => (
                <li key={item.name}>{item.name}</li>
              ))}
            </ul>
          </>
        )}
        {membership.benefits.length > 0 && (
          <>
            <h3>Benefits</h3>
            <ul>
              {membership.benefits.map((benefit) => (
                <li key={benefit.name}>
                  <strong>{benefit.name}</strong>: {benefit.totalUses} {perPeriod(benefit.frequency)}
                  {benefit.description && <> – {benefit.description}</>}
                </li>
              ))}
            </ul>
          </>
        )}
        {membership.eligibility && <p>{JOINING_TEXTS.documentRequired}</p>}
        {hasPrices && !canPurchase && <IneligibleBanner message={message} />}
        <div className="membership-details__actions">
          <Button onClick={onChoose} disabled={!canPurchase}>
            {MEMBERSHIP_TEXTS.choose}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {MEMBERSHIP_TEXTS.close}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
