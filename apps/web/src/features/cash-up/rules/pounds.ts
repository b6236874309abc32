/**
 * Pounds as staff type them ('£12.50', '12.5', '1,234', '0.05') into integer pence; null for anything else (more
 * than two decimals, letters, a minus sign unless `allowNegative`).
 */
export function parsePounds(text: string, { allowNegative = false } = {}): number | null {
  const cleaned = text
    .trim()
    .replace(/^([-−]?)\s*£\s*/, '$1')
    .replaceAll(',', '');
  const match = /^([-−])?(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^([-−])?()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const negative = Boolean(match[1]);
  if (negative && !allowNegative) return null;
  const pence = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(pence) || pence > 2_147_483_647) return null;
  return negative ? -pence : pence;
}

/** Pence as the field shows them again: 1250 → '12.50'. */
export const poundsText = (pence: number) => `${pence < 0 ? '-' : ''}${(Math.abs(pence) / 100).toFixed(2)}`;
