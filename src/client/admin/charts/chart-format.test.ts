import { describe, expect, it } from 'vitest';
import { periodInWords, pointLabel, seriesSummary, tickLabel, xSeconds } from './chart-format';

const days = { days: ['2025-11-13', '2025-11-14', '2025-11-15'] };

describe('the words around a chart', () => {
  it('sums counts and names the busiest day, in Danish numbers', () => {
    expect(seriesSummary({ label: 'Tilmeldinger', x: days, values: [1200, 1834, 0], total: true, formatValue: (n) => n.toLocaleString('da-DK') })).toBe(
      'Tilmeldinger de sidste 3 dage: 3.034 i alt, flest 14. november (1.834).',
    );
    expect(seriesSummary({ label: 'Mindesider', x: days, values: [0, 0, 0], total: true, formatValue: String })).toBe('Mindesider de sidste 3 dage: ingen.');
  });

  it('does not add up a measure, and names moments on a Danish clock whatever the machine’s zone', () => {
    // 13:32 UTC on 14 November is 14.32 in Denmark (winter time).
    const seconds = [Date.parse('2025-11-14T13:02:00Z') / 1000, Date.parse('2025-11-14T13:32:00Z') / 1000];
    const x = { seconds };
    // Each point stands for its slot: two half hours are the last hour.
    expect(seriesSummary({ label: 'p99', x, values: [12, 250], total: false, formatValue: (n) => `${n} ms` })).toBe('p99 de sidste 60 minutter: højest 14. november kl. 14.32 (250 ms).');
    expect(tickLabel(x, seconds[1]!, 1800)).toBe('14.32');
    expect(pointLabel(x, seconds[1]!)).toBe('14. nov. kl. 14.32');
  });

  it('draws calendar days at midnight UTC and names them as the same day', () => {
    const seconds = xSeconds(days);
    expect(seconds[0]).toBe(Date.parse('2025-11-13T00:00:00Z') / 1000);
    expect(tickLabel(days, seconds[1]!, 3 * 86400)).toBe('14. nov.');
    expect(pointLabel(days, seconds[1]!)).toBe('fre. 14. nov. 2025');
    expect(periodInWords(days, seconds)).toBe('de sidste 3 dage');
  });
});

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
});
