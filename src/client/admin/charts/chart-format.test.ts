import { describe, expect, it } from 'vitest';
import { periodInWords, tickLabel, xSeconds } from './chart-format';

describe('a chart of minutes', () => {
  const start = Date.parse('2025-11-14T13:05:00Z') / 1000;
  const hour = { seconds: Array.from({ length: 60 }, (_, i) => start + i * 60) };

  it('counts every minute it shows, the last one too', () => {
    expect(periodInWords(hour, xSeconds(hour))).toBe('de sidste 60 minutter');
    const young = { seconds: hour.seconds.slice(-12) };
    expect(periodInWords(young, xSeconds(young))).toBe('de sidste 12 minutter');
  });

  it('names its ticks on a Danish clock', () => {
    expect(tickLabel(hour, start, 59 * 60)).toBe('14.05');
  });

  it('still counts days as days', () => {
    const days = { days: ['2025-11-12', '2025-11-13', '2025-11-14'] };
    expect(periodInWords(days, xSeconds(days))).toBe('de sidste 3 dage');
  });
});
