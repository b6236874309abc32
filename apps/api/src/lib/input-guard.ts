import { FIELD_TEXTS, isCleanText, MAX_INPUT_STRING_LENGTH } from '@fieldhouse/contract';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** 'first_name' → 'First name' (the label a refusal names when the contract gives none). */
const labelOf = (path: PropertyKey[]) => {
  const key = [...path].reverse().find((p) => typeof p === 'string');
  if (typeof key !== 'string' || !key) return 'This field';
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Every string anywhere in the input (params, query string, body; keys included): no control characters (NUL
 * among them) or lone surrogates, and at most MAX_INPUT_STRING_LENGTH characters. Refused with 422 field errors,
 * before the call's own schema runs.
 */
function refuseHostileStrings(value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = [], depth = 0) {
  if (typeof value === 'string') {
    if (value.length > MAX_INPUT_STRING_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: FIELD_TEXTS.tooLong(labelOf(path), MAX_INPUT_STRING_LENGTH),
      });
    } else if (!isCleanText(value)) {
      ctx.addIssue({ code: 'custom', path, message: FIELD_TEXTS.invalid(labelOf(path)) });
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > 32) {
    ctx.addIssue({ code: 'custom', path, message: FIELD_TEXTS.invalid(labelOf(path)) });
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (!Array.isArray(value)) refuseHostileStrings(key, ctx, at, depth + 1);
    refuseHostileStrings(child, ctx, at, depth + 1);
  }
}

/**
 * The zod validator compiler with the input guard in front of every call's schema (decision 019). Schemas that are
 * not zod (none today) are compiled as they are.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => {
  if (!(route.schema instanceof z.ZodType)) return validatorCompiler(route as never);
  const guarded = z
    .unknown()
    .superRefine((value, ctx) => refuseHostileStrings(value, ctx))
    .pipe(route.schema);
  return validatorCompiler({ ...route, schema: guarded } as never);
};
