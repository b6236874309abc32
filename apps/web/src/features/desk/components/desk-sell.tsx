// Sales at the desk (issue 36 item 3, decision 076): the memberships the customer may buy at the desk's venue, with
// what they cost today, and the membership's details (the online purchase's: start, bank details for a mandate,
// the terms the customer accepts, joining's questions) put into the customer's basket, paid there with the tenders.
import { accountDetails } from '@fieldhouse/contract/membership-purchase';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { isCalendarDate, venueToday } from '../../../lib/dates';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { FieldGroup } from '../../../ui/forms/field-group';
import { initialValues, toSubmission } from '../../../ui/forms/field-rules';
import { type FieldValues, fromCustomQuestion } from '../../../ui/forms/field-types';
import { useFieldForm } from '../../../ui/forms/use-field-form';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { CheckboxField, TextField } from '../../../ui/text-field';
import {
  type DeskMembershipSale,
  useDeskSales,
  useMembershipQuestions,
  useSellMembership,
} from '../api/desk-sales';
import { saleCostsText } from '../rules/sale-costs';
import { type WorkVenue, WorkVenueField } from './work-venue-field';

const saleName = (sale: DeskMembershipSale) => `${sale.membershipTypeName} – ${sale.paymentOptionName}`;

/**
 * The desk's 'Sell' area: the venue's memberships for this customer, priced for a start today; choosing one opens
 * its details; once it is in the basket, the basket (under 'Book a session') takes the payment.
 */
export function DeskSell({ customerId, venues }: { customerId: number; venues: readonly WorkVenue[] }) {
  const headingId = useId();
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const sales = useDeskSales(customerId, venueId);
  const [chosen, setChosen] = useState<DeskMembershipSale | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement | null>());

  const close = (focusOptionId: number | null) => {
    setChosen(null);
    if (focusOptionId !== null) requestAnimationFrame(() => openers.current.get(focusOptionId)?.focus());
  };

  return (
    <section className="card desk-sell" aria-labelledby={headingId}>
      <h2 id={headingId}>Sell</h2>
      <WorkVenueField
        venues={venues}
        value={venueId}
        onChange={(id) => {
          setVenueId(id);
          setChosen(null);
        }}
      />
      <div role="status">{added && <p className="notice notice--success">{added}</p>}</div>
      {venueId === null ? null : sales.isPending ? (
        <Spinner label="Loading memberships" />
      ) : sales.isError ? (
        <LoadError text={sales.error.message} onRetry={() => void sales.refetch()} />
      ) : sales.data.memberships.length === 0 ? (
        <p className="muted">No memberships on sale at {sales.data.venue.name} for this customer.</p>
      ) : (
        <ul className="desk-list" aria-label={`Memberships at ${sales.data.venue.name}`}>
          {sales.data.memberships.map((sale) => (
            <li key={sale.paymentOptionId} className="desk-list__item desk-sale">
              <span className="desk-sale__what">
                <strong>{saleName(sale)}</strong>
                <span className="muted">{saleCostsText(sale) ?? sale.message}</span>
                {sale.costs && sale.message && <span className="muted">{sale.message}</span>}
              </span>
              {sale.canPurchase && chosen?.paymentOptionId !== sale.paymentOptionId && (
                <Button
                  variant="secondary"
                  aria-label={`Sell: ${saleName(sale)}`}
                  ref={(el: HTMLButtonElement | null) => {
                    openers.current.set(sale.paymentOptionId, el);
                  }}
                  onClick={() => {
                    setAdded(null);
                    setChosen(sale);
                  }}
                >
                  Sell
                </Button>
              )}
              {chosen?.paymentOptionId === sale.paymentOptionId && (
                <SellMembershipForm
                  customerId={customerId}
                  venueId={venueId}
                  sale={sale}
                  onCancel={() => close(sale.paymentOptionId)}
                  onAdded={() => {
                    setAdded(`${saleName(sale)} is in the basket: take the payment in the basket below.`);
                    close(null);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface SellForm {
  startDate: string;
  billingDay: string;
  promotionCode: string;
  accountHolder: string;
  accountNumber: string;
  sortCode: string;
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  postcode: string;
  ddAuthorised: boolean;
  ddTermsAccepted: boolean;
  membershipTermsAccepted: boolean;
  healthCommitmentAccepted: boolean;
}

const details = accountDetails.shape;

/** The checks the server makes first, here too: bank details and the account holder's confirmation for a mandate. */
function sellSchema(needsMandate: boolean) {
  const base = z.object({
    startDate: z.string().refine(isCalendarDate, 'Please choose a start date'),
    billingDay: z.string(),
    promotionCode: z.string().max(50),
    accountHolder: z.string(),
    accountNumber: z.string(),
    sortCode: z.string(),
    addressLineOne: z.string(),
    addressLineTwo: z.string(),
    city: z.string(),
    postcode: z.string(),
    ddAuthorised: z.boolean(),
    ddTermsAccepted: z.boolean(),
    membershipTermsAccepted: z.boolean(),
    healthCommitmentAccepted: z.boolean(),
  });
  if (!needsMandate) return base;
  return base.extend({
    accountHolder: z.string().trim().min(2, MEMBERSHIP_PURCHASE_TEXTS.accountHolder),
    accountNumber: details.account_number,
    sortCode: details.sort_code,
    addressLineOne: details.billing_address_line_one,
    city: details.billing_city,
    postcode: details.billing_postcode,
    ddAuthorised: z.literal(true, { error: MEMBERSHIP_PURCHASE_TEXTS.ddAuthorisation }),
  });
}

/** The server's field (camelCase path) to the form's. */
const SERVER_FIELDS: Record<string, keyof SellForm> = {
  startDate: 'startDate',
  billingDay: 'billingDay',
  promotionCodeId: 'promotionCode',
  accountHolder: 'accountHolder',
  'accountDetails.accountNumber': 'accountNumber',
  'accountDetails.sortCode': 'sortCode',
  'accountDetails.billingAddressLineOne': 'addressLineOne',
  'accountDetails.billingCity': 'city',
  'accountDetails.billingPostcode': 'postcode',
  ddAuthorised: 'ddAuthorised',
  ddTermsAccepted: 'ddTermsAccepted',
  membershipTermsAccepted: 'membershipTermsAccepted',
  healthCommitmentAccepted: 'healthCommitmentAccepted',
};

function SellMembershipForm({
  customerId,
  venueId,
  sale,
  onCancel,
  onAdded,
}: {
  customerId: number;
  venueId: number;
  sale: DeskMembershipSale;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const questions = useMembershipQuestions(sale.membershipTypeId);
  if (questions.isPending) return <Spinner label="Loading the membership's questions" />;
  if (questions.isError)
    return <LoadError text={questions.error.message} onRetry={() => void questions.refetch()} />;
  return (
    <SellMembershipFields
      customerId={customerId}
      venueId={venueId}
      sale={sale}
      questions={questions.data}
      onCancel={onCancel}
      onAdded={onAdded}
    />
  );
}

function SellMembershipFields({
  customerId,
  venueId,
  sale,
  questions,
  onCancel,
  onAdded,
}: {
  customerId: number;
  venueId: number;
  sale: DeskMembershipSale;
  questions: NonNullable<ReturnType<typeof useMembershipQuestions>['data']>;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sell = useSellMembership(customerId);
  const [problem, setProblem] = useState<string | null>(null);
  const needsMandate = sale.needsMandate;
  const definitions = useMemo(() => questions.map(fromCustomQuestion), [questions]);
  const [initial] = useState(() => initialValues(definitions));
  const asked = useFieldForm({ definitions, initialValues: initial });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SellForm>({
    resolver: zodResolver(sellSchema(needsMandate)) as Resolver<SellForm>,
    defaultValues: {
      startDate: sale.costs?.startDate ?? venueToday(),
      billingDay: String(sale.costs?.billingDay ?? 1),
      promotionCode: '',
      accountHolder: '',
      accountNumber: '',
      sortCode: '',
      addressLineOne: '',
      addressLineTwo: '',
      city: '',
      postcode: '',
      ddAuthorised: false,
      ddTermsAccepted: false,
      membershipTermsAccepted: false,
      healthCommitmentAccepted: false,
    },
  });

  useEffect(() => headingRef.current?.focus(), []);

  const send = (values: SellForm, answerValues: FieldValues, formElement: HTMLFormElement) => {
    setProblem(null);
    const answers = Object.fromEntries(
      Object.entries(toSubmission(definitions, answerValues)).map(([key, answer]) => [
        key,
        { questionId: Number(key), answer },
      ]),
    );
    sell.mutate(
      {
        homeVenueId: venueId,
        membershipTypeId: sale.membershipTypeId,
        paymentOptionId: sale.paymentOptionId,
        startDate: values.startDate,
        billingDay: sale.paymentType === 'recurring' ? Number(values.billingDay) : null,
        promotionCode: values.promotionCode.trim() || null,
        accountHolder: needsMandate ? values.accountHolder : null,
        accountDetails: needsMandate
          ? {
              accountNumber: values.accountNumber,
              sortCode: values.sortCode,
              billingAddressLineOne: values.addressLineOne,
              billingAddressLineTwo: values.addressLineTwo || null,
              billingCity: values.city,
              billingPostcode: values.postcode,
            }
          : null,
        ddAuthorised: needsMandate && values.ddAuthorised,
        ddTermsAccepted: needsMandate && values.ddTermsAccepted,
        membershipTermsAccepted: values.membershipTermsAccepted,
        healthCommitmentAccepted: values.healthCommitmentAccepted,
        answers,
      },
      {
        onSuccess: onAdded,
        onError: (error) => {
          setProblem(serverMessageOr(error, error.message));
          if (!isApiError(error)) return;
          const answerMessages: Record<string, string> = {};
          for (const [key, messages] of Object.entries(error.fieldErrors)) {
            const field = SERVER_FIELDS[key];
            if (field) setError(field, { type: 'server', message: messages[0] });
            else if (key.startsWith('answers.')) answerMessages[key.slice(8)] = messages[0] ?? '';
          }
          if (Object.keys(answerMessages).length) asked.showMessages(answerMessages, formElement);
        },
      },
    );
  };

  // Both parts checked at once, so every message shows with the click (the first invalid field takes focus).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sell.isPending) return;
    const formElement = event.currentTarget;
    let answers: FieldValues | null = null;
    asked.onSubmit((values) => {
      answers = values;
    })(event);
    void handleSubmit((values) => {
      if (answers) send(values, answers, formElement);
    })();
  };

  return (
    <form className="form desk-sale__form" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Sell {saleName(sale)}
      </h3>
      <p className="field__hint">
        The price above is for a start today
        {sale.paymentType === 'recurring' ? ' and payments on the day shown' : ''}; the basket shows the price
        for the date chosen, with any promotion.
      </p>
      <TextField
        label="Start date"
        type="date"
        min={venueToday()}
        error={errors.startDate?.message}
        {...register('startDate')}
      />
      {sale.paymentType === 'recurring' && needsMandate && (
        <TextField
          label="Payment day of the month (1 to 28)"
          type="number"
          min={1}
          max={28}
          inputMode="numeric"
          error={errors.billingDay?.message}
          {...register('billingDay')}
        />
      )}
      <TextField
        label="Promotion code (optional)"
        error={errors.promotionCode?.message}
        {...register('promotionCode')}
      />
      {needsMandate && (
        <fieldset className="desk-sale__bank">
          <legend className="field__label">Direct debit: the customer's bank details</legend>
          <TextField
            label="Account holder"
            autoComplete="off"
            error={errors.accountHolder?.message}
            {...register('accountHolder')}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            error={errors.accountNumber?.message}
            {...register('accountNumber')}
          />
          <TextField
            label="Sort code"
            inputMode="numeric"
            autoComplete="off"
            error={errors.sortCode?.message}
            {...register('sortCode')}
          />
          <TextField
            label="Billing address line 1"
            error={errors.addressLineOne?.message}
            {...register('addressLineOne')}
          />
          <TextField label="Billing address line 2 (optional)" {...register('addressLineTwo')} />
          <TextField label="Town or city" error={errors.city?.message} {...register('city')} />
          <TextField label="Postcode" error={errors.postcode?.message} {...register('postcode')} />
          <CheckboxField
            label="The customer is the account holder and the only person needed to authorise debits"
            error={errors.ddAuthorised?.message}
            {...register('ddAuthorised')}
          />
          <CheckboxField
            label="The customer accepts the direct debit terms"
            error={errors.ddTermsAccepted?.message}
            {...register('ddTermsAccepted')}
          />
        </fieldset>
      )}
      {definitions.length > 0 && (
        <FieldGroup
          title="Questions"
          definitions={definitions}
          values={asked.values}
          errors={asked.messages}
          onChange={asked.change}
        />
      )}
      <CheckboxField
        label="The customer accepts the membership terms"
        error={errors.membershipTermsAccepted?.message}
        {...register('membershipTermsAccepted')}
      />
      <CheckboxField
        label="The customer accepts the health commitment"
        error={errors.healthCommitmentAccepted?.message}
        {...register('healthCommitmentAccepted')}
      />
      <div role="alert">{problem && <p className="notice notice--danger">{problem}</p>}</div>
      <div className="button-row">
        <Button type="submit" isPending={sell.isPending}>
          Add to basket
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sell.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
