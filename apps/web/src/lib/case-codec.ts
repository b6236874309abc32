/**
 * Wire codec: the API speaks snake_case, the app camelCase. This is the only place keys are converted;
 * only the API client (src/lib/api) calls it.
 */
import type { CamelCasedPropertiesDeep, SnakeCasedPropertiesDeep } from 'type-fest';

export type Camel<T> = CamelCasedPropertiesDeep<T>;
export type Snake<T> = SnakeCasedPropertiesDeep<T>;

export const camelKey = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snakeKey = (key: string): string => key.replace(/([A-Z])/g, (c) => `_${c.toLowerCase()}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function convert(value: unknown, mapKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, mapKey));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[mapKey(key)] = convert(item, mapKey);
  return out;
}

export const toCamel = <T>(value: T): Camel<T> => convert(value, camelKey) as Camel<T>;
export const toSnake = <T>(value: T): Snake<T> => convert(value, snakeKey) as Snake<T>;
