/**
 * The "All numbers" table for reading: each profile's scale named (0–100 or 0–1), counts as whole numbers, ratios
 * rounded (3 decimals on 0–100, 4 on 0–1). The exports keep every digit; a cell's title does too.
 */
import { PERCENT_PROFILES } from '../compare/compare-view.ts';

export type Scale = 'percent' | 'fraction';

export function profileScale(profile: string): Scale {
  return PERCENT_PROFILES.includes(profile) ? 'percent' : 'fraction';
}

export function readableValue(value: string | number | null, profile: string): string | null {
  if (value === null || typeof value === 'string') return value;
  if (Number.isInteger(value)) return String(value);
  const digits = profileScale(profile) === 'percent' ? 3 : 4;
  return String(Number(value.toFixed(digits)));
}
