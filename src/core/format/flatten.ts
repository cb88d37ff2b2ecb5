import type { MetricValue } from '../metrics/profile.ts';

/** One printable metric: a dotted key path and its value as the reference script would print it. */
export interface FlatMetric {
  key: string;
  value: number | null | string;
}

/** Nested groups become dotted keys; count pairs [num, den] print as "num/den". */
export function flattenMetrics(values: { [key: string]: MetricValue }, prefix = ''): FlatMetric[] {
  const out: FlatMetric[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out.push({ key: path, value: value.join('/') });
    else if (value !== null && typeof value === 'object') out.push(...flattenMetrics(value, path));
    else out.push({ key: path, value });
  }
  return out;
}
