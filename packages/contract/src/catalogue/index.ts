/**
 * The operator's catalogue: one YAML file (`catalogue/*.yaml`) that describes everything the operator owns, checked
 * by this schema, applied by `npm run catalogue -- import` (docs/operators.md). `catalogue/catalogue.schema.json` is
 * generated from it (`npm run catalogue -- schema`) so editors validate and autocomplete.
 */
import { z } from 'zod';
import {
  catalogueMembershipType,
  catalogueTerms,
  catalogueWaiver,
  eligibilityCriterion,
  freezeType,
  promotion,
} from './memberships.ts';
import { catalogueClient, catalogueVenue } from './organisation.ts';
import { catalogueActivity, venueTimetable } from './programme.ts';

export * from './fields.ts';
export * from './memberships.ts';
export * from './organisation.ts';
export * from './programme.ts';

export const CATALOGUE_FORMAT = 1;

export const catalogue = z
  .strictObject({
    format: z.literal(CATALOGUE_FORMAT, {
      error: `format must be ${CATALOGUE_FORMAT} (this version of the file format).`,
    }),
    client: catalogueClient,
    venues: z.array(catalogueVenue).min(1, 'List at least one venue.'),
    activities: z.array(catalogueActivity).default([]),
    timetable: z.array(venueTimetable).default([]),
    eligibility: z.array(eligibilityCriterion).default([]),
    membership_types: z.array(catalogueMembershipType).default([]),
    freeze_types: z.array(freezeType).default([]),
    promotions: z.array(promotion).default([]),
    terms: z.array(catalogueTerms).default([]),
    waivers: z.array(catalogueWaiver).default([]),
  })
  .meta({
    title: 'Fieldhouse catalogue',
    description:
      'Everything a leisure operator offers: venues, timetable, prices, memberships, terms, waivers.',
  });

/** Each list of the catalogue and the schema of one entry (to check the entries of a file one by one). */
export const CATALOGUE_LISTS = {
  venues: catalogueVenue,
  activities: catalogueActivity,
  timetable: venueTimetable,
  eligibility: eligibilityCriterion,
  membership_types: catalogueMembershipType,
  freeze_types: freezeType,
  promotions: promotion,
  terms: catalogueTerms,
  waivers: catalogueWaiver,
} as const;

export type Catalogue = z.output<typeof catalogue>;
export type CatalogueInput = z.input<typeof catalogue>;

/** The JSON Schema editors use (what the file may contain, before defaults are filled in). */
export function catalogueJsonSchema() {
  return z.toJSONSchema(catalogue, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
}
