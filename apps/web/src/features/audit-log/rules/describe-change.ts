/**
 * The before and after of an audit entry as rows a person reads: only what changed, each field's label in words
 * and each value as text. The records' keys arrive camelCased (the API client converts every key).
 */
export interface ChangeRow {
  field: string;
  before: string | null;
  after: string | null;
}

export type ChangeKind = 'created' | 'removed' | 'changed' | 'none';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Words written in capitals wherever they appear. */
const ACRONYMS: Record<string, string> = { ip: 'IP', id: 'ID', ids: 'IDs', url: 'URL', totp: 'TOTP' };
/** A value that is a code (pending_approval, front_desk) rather than words. */
const CODE = /^[a-z]+(_[a-z]+)+$/;

/** 'venueIds' → 'Venue IDs', 'status' → 'Status', 'staff_login' → 'Staff login'. */
export function humanise(key: string): string {
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** The last word of an action in the past tense, where it is one of the usual verbs. */
const DONE: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  login: 'logged in',
  logout: 'logged out',
  create: 'created',
  update: 'updated',
  disable: 'disabled',
  enable: 'enabled',
  delete: 'deleted',
};

/** 'freeze_request.approve' → 'Freeze request approved', 'staff.login' → 'Staff logged in'. */
export function describeAction(action: string): string {
  const parts = action.split('.');
  const verb = parts.at(-1) ?? '';
  if (parts.length < 2 || !(verb in DONE)) return humanise(action);
  return `${humanise(parts.slice(0, -1).join(' '))} ${DONE[verb]}`;
}

/** A value as text: empty for null, Yes/No, lists joined, nested records as compact JSON. */
export function formatValue(value: unknown, formatInstant: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string')
    return ISO_INSTANT.test(value) ? formatInstant(value) : CODE.test(value) ? humanise(value) : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => formatValue(v, formatInstant)).join(', ');
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested records flattened to one level: { membership: { status } } → { 'membership status': … }. */
function flatten(record: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = prefix ? `${prefix} ${key}` : key;
    if (isRecord(value) && Object.keys(value).length > 0) Object.assign(out, flatten(value, name));
    else out[name] = value;
  }
  return out;
}

export function describeChange(
  before: unknown,
  after: unknown,
  formatInstant: (iso: string) => string,
): { kind: ChangeKind; rows: ChangeRow[] } {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const kind: ChangeKind =
    hasBefore && hasAfter ? 'changed' : hasAfter ? 'created' : hasBefore ? 'removed' : 'none';
  if (kind === 'none') return { kind, rows: [] };
  const text = (value: unknown) => formatValue(value, formatInstant) || null;
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return { kind, rows: [{ field: 'Value', before: text(before), after: text(after) }] };
  }
  const b = flatten((before ?? {}) as Record<string, unknown>);
  const a = flatten((after ?? {}) as Record<string, unknown>);
  // A change lists what the after record holds: a field it leaves out was not recorded, not emptied.
  const keys = kind === 'changed' ? Object.keys(a) : [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys
    .filter((key) => kind !== 'changed' || JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({ field: humanise(key), before: text(b[key]), after: text(a[key]) }))
    // Empty before and after (a field that was absent and is now null) is no change to read.
    .filter((row) => kind !== 'changed' || row.before !== null || row.after !== null);
  return { kind, rows };
}
