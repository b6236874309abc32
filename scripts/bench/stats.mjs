// Medians, percentiles and the units the bench prints.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};
export const ms = (x) => `${Math.round(x)}`;
export const pct = (x) => `${(x * 100).toFixed(1)} %`;
export const mb = (kb) => `${Math.round(kb / 1024)} MB`;
