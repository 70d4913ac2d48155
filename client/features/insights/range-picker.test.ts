import { describe, expect, it } from 'vitest';
import { INSIGHTS_MESSAGES } from '@shared/insights.schema';
import { presetRange, rangeError } from './range-picker';

describe('insights range picker', () => {
  it('presets end today in London, today included', () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London.
    expect(presetRange(7, new Date('2026-06-01T23:30:00Z'))).toEqual({ from: '2026-05-27', to: '2026-06-02' });
    expect(presetRange(30, new Date('2026-01-15T12:00:00Z'))).toEqual({ from: '2025-12-17', to: '2026-01-15' });
  });

  it('refuses what the server refuses, with its words', () => {
    expect(rangeError({ from: '2026-06-01', to: '2026-06-01' })).toBeNull();
    expect(rangeError({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeError({ from: '2025-01-01', to: '2026-01-02' })).toBeNull();
    expect(rangeError({ from: '2024-01-01', to: '2026-12-31' })).toBeNull();
    expect(rangeError({ from: '2024-01-01', to: '2027-01-01' })).toBe(INSIGHTS_MESSAGES.badRange);
    expect(rangeError({ from: '2026-06-02', to: '2026-06-01' })).toBe(INSIGHTS_MESSAGES.badRange);
    expect(rangeError({ from: '', to: '2026-06-01' })).toBe(INSIGHTS_MESSAGES.badDate);
    expect(rangeError({ from: '2026-02-30', to: '2026-03-01' })).toBe(INSIGHTS_MESSAGES.badDate);
  });
});
