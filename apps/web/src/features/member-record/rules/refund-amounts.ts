/** Pounds as staff type them ('6.50', '£6', '6.5') in pence; null when it is not an amount of money. */
export function penceFromPounds(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Pence as the amount field shows it: 650 → '6.50'. */
export const poundsText = (pence: number) => (pence / 100).toFixed(2);

/**
 * The lines of a refund from the amounts typed per line: each a valid amount no more than is left on its line; the
 * lines left at nothing are left out. An error names the first line that is wrong.
 */
export function refundLines(
  lines: { id: number; name: string; refundable: number }[],
  typed: Record<string, string>,
): { lines: { orderItemId: number; amount: number }[]; error: string | null } {
  const chosen: { orderItemId: number; amount: number }[] = [];
  for (const line of lines) {
    const pence = penceFromPounds(typed[String(line.id)] ?? '');
    if (pence === null) return { lines: [], error: `Enter an amount in pounds for ${line.name}, like 6.50.` };
    if (pence > line.refundable)
      return {
        lines: [],
        error: `That is more than is left to refund on ${line.name} (£${poundsText(line.refundable)} at most).`,
      };
    if (pence > 0) chosen.push({ orderItemId: line.id, amount: pence });
  }
  if (!chosen.length) return { lines: [], error: 'Enter an amount for at least one line.' };
  return { lines: chosen, error: null };
}

/** A random version 4 UUID (the refund's idempotency key), also where crypto.randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
