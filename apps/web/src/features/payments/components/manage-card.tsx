import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { SavedCard } from '../../../api/get-saved-cards';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { useNavigate } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { Notice } from '../../../ui/notice';
import { TextField } from '../../../ui/text-field';
import { useDeleteSavedCard } from '../api/delete-saved-card';
import { useUpdateSavedCard } from '../api/update-saved-card';
import { cardLabel } from '../rules/card-label';
import {
  billingValuesOf,
  type ManageCardInput,
  type ManageCardOutput,
  manageCardSchema,
  toUpdateBody,
} from '../rules/manage-card-schema';

/** Server field names of the update (snake_case, camel-cased by the client) → form fields. */
const SERVER_FIELDS: Record<string, keyof ManageCardInput> = {
  firstName: 'firstName',
  lastName: 'lastName',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  city: 'city',
  postCode: 'postCode',
};

function DeleteCardModal({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteSavedCard(card.id);
  return (
    <ModalDialog title={PAYMENTS_TEXTS.deleteConfirm} isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="stack">
        {remove.isError && (
          <p className="form-error" role="alert">
            {serverMessageOr(remove.error, PAYMENTS_TEXTS.somethingWrong)}
          </p>
        )}
        <div className="button-row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            isPending={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => navigate('/payments', { state: { deletedCard: true } }),
              })
            }
          >
            {PAYMENTS_TEXTS.deleteConfirmButton}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/**
 * Manage card: billing details are editable (Save enabled only when all are valid), the card itself is
 * read-only ('Card details cannot be edited'), and the card can be deleted after a confirmation.
 */
export function ManageCard({ card, onSaved }: { card: SavedCard; onSaved: (card: SavedCard) => void }) {
  const update = useUpdateSavedCard(card.id);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isValid },
  } = useForm<ManageCardInput, unknown, ManageCardOutput>({
    resolver: zodResolver(manageCardSchema) as Resolver<ManageCardInput, unknown, ManageCardOutput>,
    defaultValues: billingValuesOf(card),
    mode: 'onTouched',
  });

  const onSubmit = (values: ManageCardOutput) =>
    update.mutate(toUpdateBody(values), {
      onSuccess: (reply) => {
        toast.success(PAYMENTS_TEXTS.billingSaved, { duration: TOAST_DURATION.default });
        const saved: SavedCard = reply?.id === card.id ? reply : { ...card, ...values };
        reset(billingValuesOf(saved));
        onSaved(saved);
      },
      onError: (error) => {
        toast.error(PAYMENTS_TEXTS.somethingWrong, { duration: TOAST_DURATION.default });
        if (isApiError(error))
          for (const [key, messages] of Object.entries(error.fieldErrors)) {
            const field = SERVER_FIELDS[key];
            if (field && messages[0]) setError(field, { message: messages[0] });
          }
      },
    });

  return (
    <div className="manage-card">
      <form
        className="card form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-labelledby="billing-heading"
      >
        <h2 id="billing-heading">Billing details</h2>
        <div className="form__row">
          <TextField
            label="First name"
            autoComplete="billing given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="billing family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Address line 1"
          autoComplete="billing address-line1"
          error={errors.addressLine1?.message}
          {...register('addressLine1')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="billing address-line2"
          error={errors.addressLine2?.message}
          {...register('addressLine2')}
        />
        <div className="form__row">
          <TextField
            label="Town or city"
            autoComplete="billing address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
          <TextField
            label="Postcode"
            autoComplete="billing postal-code"
            error={errors.postCode?.message}
            {...register('postCode')}
          />
        </div>
        <div>
          <Button type="submit" disabled={!isValid} isPending={update.isPending}>
            Save
          </Button>
        </div>
      </form>

      <section className="card form" aria-labelledby="card-heading">
        <h2 id="card-heading">Card details</h2>
        <p className="saved-card__name">{cardLabel(card)}</p>
        <Notice tone="info">
          <p className="notice__title">{PAYMENTS_TEXTS.cardNotEditable}</p>
          <p>
            To use a different card, delete this saved card and save the details of a new card next time you
            checkout.
          </p>
        </Notice>
        <TextField label="Cardholder name" value={card.cardHolderName} readOnly />
        <div className="form__row">
          <TextField label="Card number" value={`Ending in ${card.lastFourDigits}`} readOnly />
          <TextField label="Expiry date" value={card.expiryDate} readOnly />
        </div>
        <div>
          <Button variant="secondary" onClick={() => setDeleteOpen(true)}>
            Delete saved card
          </Button>
        </div>
      </section>
      {isDeleteOpen && <DeleteCardModal card={card} onClose={() => setDeleteOpen(false)} />}
    </div>
  );
}
