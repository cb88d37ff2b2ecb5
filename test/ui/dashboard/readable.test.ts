import { describe, expect, test } from 'vitest';
import { profileScale, readableValue } from '../../../src/ui/dashboard/readable.ts';

describe('the All numbers table for reading', () => {
  test('names each profile’s scale', () => {
    expect(profileScale('cscd')).toBe('percent');
    expect(profileScale('gcsc')).toBe('percent');
    expect(profileScale('sighan')).toBe('fraction');
    expect(profileScale('lemon')).toBe('fraction');
  });

  test('rounds ratios (3 decimals on 0–100, 4 on 0–1) and keeps counts and text as they are', () => {
    expect(readableValue(66.66666666666667, 'realise')).toBe('66.667');
    expect(readableValue(0.8657314629258517, 'sighan')).toBe('0.8657');
    expect(readableValue(0.5, 'lemon')).toBe('0.5');
    expect(readableValue(432, 'sighan')).toBe('432');
    expect(readableValue(null, 'cscd')).toBeNull();
    expect(readableValue('needs equal lengths', 'cscd')).toBe('needs equal lengths');
  });
});
