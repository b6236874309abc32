import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Spinner } from '../../../ui/spinner';
import { type Membership, type PaymentOption, useMembershipTypes } from '../api/get-membership-types';
import { MEMBERSHIP_TEXTS } from '../texts';
import type { SectionErrors } from '../types';
import { MembershipCard } from './membership-card';

const MembershipDetailsModal = lazy(() => import('./membership-details-modal'));

type PaymentType = 'recurring' | 'fixed';

export interface MembershipSectionProps {
  venueId: number;
  /** The logged-in user's id; null for a guest. */
  viewerId: number | null;
  selected: { membershipTypeId: number | null; paymentType: PaymentType | null };
  serverErrors?: SectionErrors;
  /** Joining: each card shows its joining fee and what is due today (the member's own billing day if set). */
  joiningCosts?: { hasBillingDate: boolean };
  onChoose: (membership: Membership, option: PaymentOption) => void;
  /**
   * A change lists what the member's membership can change to (GET memberships/:id/change) instead of the venue's
   * memberships, without the ineligible toggle.
   */
  changeOptions?: { data?: Membership[]; isPending: boolean; isError: boolean; error: Error | null };
}

const optionOf = (membership: Membership, paymentType: PaymentType): PaymentOption | undefined =>
  membership.paymentOptions.find((option) => option.paymentType === paymentType);

/**
 * Section 2 'Choose your membership' (joining §2): filters (type, Monthly / Single payment), cards, a details
 * modal; logged-in users may also list the memberships they cannot buy where the venue allows it.
 */
export function MembershipSection({
  venueId,
  viewerId,
  selected,
  serverErrors,
  joiningCosts,
  onChoose,
  changeOptions,
}: MembershipSectionProps) {
  const [category, setCategory] = useState('');
  const [paymentType, setPaymentType] = useState<PaymentType>(selected.paymentType ?? 'recurring');
  const [showIneligible, setShowIneligible] = useState(false);
  const [details, setDetails] = useState<{ membership: Membership; option: PaymentOption } | null>(null);
  const typeId = useId();
  const ineligibleId = useId();

  const venueList = useMembershipTypes(venueId, viewerId, { enabled: !changeOptions });
  const eligible = changeOptions ?? venueList;
  // GET /api/venues does not say whether a venue lists ineligible memberships: ask for them (logged in only) and
  // offer the toggle only when the answer holds more than the eligible list.
  const withIneligible = useMembershipTypes(venueId, viewerId, {
    includeIneligible: true,
    enabled: viewerId !== null && !changeOptions,
  });
  const offersIneligible =
    !changeOptions &&
    viewerId !== null &&
    eligible.data !== undefined &&
    withIneligible.data !== undefined &&
    withIneligible.data.length > eligible.data.length;
  const source = offersIneligible && showIneligible ? withIneligible : eligible;

  const categories = useMemo(
    () => [...new Set((eligible.data ?? []).flatMap((m) => m.categories.map((c) => c.name)))].sort(),
    [eligible.data],
  );
  const shown = useMemo(
    () =>
      (source.data ?? []).flatMap((membership) => {
        const option = optionOf(membership, paymentType);
        if (!option) return [];
        if (category && !membership.categories.some((c) => c.name === category)) return [];
        return [{ membership, option }];
      }),
    [source.data, paymentType, category],
  );

  const fieldError = [
    ...(serverErrors?.membership_type_id ?? []),
    ...(serverErrors?.payment_option_id ?? []),
    ...(serverErrors?.home_venue_id ?? []),
  ];

  return (
    <div className="membership-section">
      {fieldError.length > 0 && (
        <div className="notice notice--danger" role="alert">
          {fieldError.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="membership-filters">
        <div className="field membership-filters__type">
          <label className="field__label" htmlFor={typeId}>
            Membership type
          </label>
          <select
            id={typeId}
            className="field__input"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">{MEMBERSHIP_TEXTS.allTypes}</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="membership-filters__payment">
          <legend className="field__label">Payment type</legend>
          <div className="segmented">
            {(
              [
                ['recurring', MEMBERSHIP_TEXTS.monthly],
                ['fixed', MEMBERSHIP_TEXTS.singlePayment],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                className="segmented__option"
                aria-pressed={paymentType === value}
                onClick={() => setPaymentType(value)}
              >
                {label}
              </button>
            ))}
          </div>
        </fieldset>
        {offersIneligible && (
          <div className="field field--checkbox membership-filters__ineligible">
            <input
              id={ineligibleId}
              type="checkbox"
              checked={showIneligible}
              onChange={(event) => setShowIneligible(event.target.checked)}
            />
            <label htmlFor={ineligibleId}>{MEMBERSHIP_TEXTS.showIneligible}</label>
          </div>
        )}
      </div>

      {source.isPending ? (
        <Spinner label="Loading memberships" />
      ) : source.isError ? (
        <p role="alert">{source.error?.message}</p>
      ) : shown.length === 0 ? (
        <p className="membership-list__empty">{MEMBERSHIP_TEXTS.noMemberships}</p>
      ) : (
        <ul className="membership-list" aria-label="Memberships">
          {shown.map(({ membership, option }) => (
            <li key={membership.id}>
              <MembershipCard
                membership={membership}
                option={option}
                joiningCosts={joiningCosts}
                isSelected={
                  selected.membershipTypeId === membership.id && selected.paymentType === option.paymentType
                }
                onViewDetails={() => setDetails({ membership, option })}
                onChoose={() => onChoose(membership, option)}
              />
            </li>
          ))}
        </ul>
      )}
      {details && (
        <Suspense fallback={null}>
          <MembershipDetailsModal
            membership={details.membership}
            option={details.option}
            onClose={() => setDetails(null)}
            onChoose={() => {
              setDetails(null);
              onChoose(details.membership, details.option);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
