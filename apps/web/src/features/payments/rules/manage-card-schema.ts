import { updateSavedCardBody } from '@fieldhouse/contract/account-payments';
import { CARD_TEXTS, UK_POSTCODE } from '@fieldhouse/contract/payments';
import { z } from 'zod';
import type { SavedCard } from '../../../api/get-saved-cards';
import type { UpdateSavedCardBody } from '../api/types';

const wire = updateSavedCardBody.shape;

/**
 * Manage card billing form (joining §5): first name, last name, address line 1 and town/city each need
 * more than 1 character (the contract's rules and messages), the postcode must be a UK postcode.
 */
export const manageCardSchema = z.object({
  firstName: wire.first_name,
  lastName: wire.last_name,
  addressLine1: wire.address_line_1,
  addressLine2: z.string().trim().max(200),
  city: wire.city,
  postCode: z.string().trim().regex(UK_POSTCODE, CARD_TEXTS.postcode),
});
export type ManageCardInput = z.input<typeof manageCardSchema>;
export type ManageCardOutput = z.output<typeof manageCardSchema>;

export const billingValuesOf = (card: SavedCard): ManageCardInput => ({
  firstName: card.firstName,
  lastName: card.lastName,
  addressLine1: card.addressLine1,
  addressLine2: card.addressLine2 ?? '',
  city: card.city,
  postCode: card.postCode,
});

/** Save is enabled only when every field is valid. */
export const isBillingValid = (values: ManageCardInput): boolean =>
  manageCardSchema.safeParse(values).success;

/** The PUT body in the contract's own spelling (address_line_1, post_code …); the postcode in capitals. */
export const toUpdateBody = (values: ManageCardOutput): UpdateSavedCardBody => ({
  first_name: values.firstName,
  last_name: values.lastName,
  address_line_1: values.addressLine1,
  address_line_2: values.addressLine2 || null,
  city: values.city,
  post_code: values.postCode.toUpperCase(),
});
