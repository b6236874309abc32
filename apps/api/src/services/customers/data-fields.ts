import { createHash } from 'node:crypto';
import type { DataField, ONBOARDING_TYPES } from '@fieldhouse/contract';
import { ADDRESS_LABELS } from '@fieldhouse/contract/texts/member-data';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

type OnboardingType = (typeof ONBOARDING_TYPES)[number];
type FieldDefinition = Omit<DataField, 'answer' | 'is_authorised'> & { lockedOnceSet?: boolean };
type SectionDefinition = {
  section_name: string;
  section_reference: string;
  section_fields: FieldDefinition[];
};

const field = (path: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  path,
  name: path,
  label,
  type: 'text',
  is_required: true,
  placeholder: null,
  options: [],
  html_attributes: {},
  metadata: { description: null },
  ...extra,
});

const PERSONAL: SectionDefinition = {
  section_name: 'Personal details',
  section_reference: 'personal_details',
  section_fields: [
    field('first_name', 'First name', { html_attributes: { autocomplete: 'given-name', maxlength: '100' } }),
    field('last_name', 'Last name', { html_attributes: { autocomplete: 'family-name', maxlength: '100' } }),
    field('date_of_birth', 'Date of birth', {
      type: 'date',
      placeholder: 'DD/MM/YYYY',
      lockedOnceSet: true,
      metadata: { description: 'Used to check eligibility for junior and senior memberships.' },
    }),
  ],
};
const CONTACT: SectionDefinition = {
  section_name: 'Contact details',
  section_reference: 'contact_details',
  section_fields: [
    field('email', 'Email address', { html_attributes: { autocomplete: 'email', inputmode: 'email' } }),
    field('phone', 'Phone number', {
      is_required: false,
      html_attributes: { autocomplete: 'tel', inputmode: 'tel', maxlength: '30' },
    }),
  ],
};
const PREFERENCES: SectionDefinition = {
  section_name: 'Preferences',
  section_reference: 'preferences',
  section_fields: [
    field('marketing_opt_in', 'Keep me up to date with news and offers by email', {
      type: 'checkbox',
      is_required: false,
    }),
  ],
};

/** The member's own address (the staff record's fields, migration 0033), all optional; My details only. */
const ADDRESS: SectionDefinition = {
  section_name: 'Address',
  section_reference: 'address',
  section_fields: [
    field('address_line_one', ADDRESS_LABELS.address_line_one, {
      is_required: false,
      html_attributes: { autocomplete: 'address-line1', maxlength: '100' },
    }),
    field('address_line_two', ADDRESS_LABELS.address_line_two, {
      is_required: false,
      html_attributes: { autocomplete: 'address-line2', maxlength: '100' },
    }),
    field('town', ADDRESS_LABELS.town, {
      is_required: false,
      html_attributes: { autocomplete: 'address-level2', maxlength: '60' },
    }),
    field('postcode', ADDRESS_LABELS.postcode, {
      is_required: false,
      html_attributes: { autocomplete: 'postal-code', maxlength: '10' },
    }),
  ],
};
const EMERGENCY: SectionDefinition = {
  section_name: 'Emergency contact',
  section_reference: 'emergency_contact',
  section_fields: [
    field('emergency_contact_name', ADDRESS_LABELS.emergency_contact_name, {
      is_required: false,
      html_attributes: { autocomplete: 'off', maxlength: '100' },
      metadata: { description: 'Who we call if you are taken ill or injured at a centre.' },
    }),
    field('emergency_contact_phone', ADDRESS_LABELS.emergency_contact_phone, {
      is_required: false,
      html_attributes: { autocomplete: 'off', inputmode: 'tel', maxlength: '30' },
    }),
  ],
};

/**
 * The operator's form per onboarding type (the joining details step uses membership_purchase; My details on the
 * account site customer_account_online, with the address, emergency contact and marketing consent: decision 077).
 */
const FORMS: Record<OnboardingType, SectionDefinition[]> = {
  membership_purchase: [PERSONAL, CONTACT, PREFERENCES],
  customer_account_online: [PERSONAL, CONTACT, ADDRESS, EMERGENCY, PREFERENCES],
};

const checksums = new Map<OnboardingType, string>();
const checksumOf = (type: OnboardingType) => {
  let sum = checksums.get(type);
  if (!sum) {
    sum = createHash('sha256').update(JSON.stringify(FORMS[type])).digest('hex');
    checksums.set(type, sum);
  }
  return sum;
};

/** The form's sections, with the caller's current values as answers when logged in. */
export async function findDataFields(db: DbOrTx, input: { type: OnboardingType; customerId?: number }) {
  const [customer] = input.customerId
    ? await db.select().from(customers).where(eq(customers.id, input.customerId))
    : [];
  const current: Record<string, string | boolean | null> = customer
    ? {
        first_name: customer.firstName,
        last_name: customer.lastName,
        date_of_birth: customer.dateOfBirth,
        email: customer.email,
        phone: customer.phone,
        marketing_opt_in: customer.marketingOptIn,
        address_line_one: customer.addressLine1,
        address_line_two: customer.addressLine2,
        town: customer.town,
        postcode: customer.postcode,
        emergency_contact_name: customer.emergencyContactName,
        emergency_contact_phone: customer.emergencyContactPhone,
      }
    : {};
  const sections = FORMS[input.type].map((s) => ({
    ...s,
    section_fields: s.section_fields.map(({ lockedOnceSet, ...f }) => {
      const answer = current[f.path] ?? null;
      return { ...f, answer, is_authorised: !(lockedOnceSet && answer !== null) };
    }),
  }));
  return { sections, checksum: checksumOf(input.type) };
}
