import type { z } from 'zod';

/** The data-field form the joining journey asks for (GET data-fields, PUT my-account/user/update). */
export const ONBOARDING_TYPE = 'membership_purchase';

/** A reply's `data`, from the contract's reply schema. */
export type Data<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;
