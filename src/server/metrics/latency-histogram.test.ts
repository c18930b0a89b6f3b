import { describe, expect, it } from 'vitest';
import { BUCKETS, addInto, bucketOf, createHistogram, percentile, record, upperBoundOf } from './latency-histogram';

/** The ⌈q·n⌉-th smallest, computed exactly. */
function exact(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
}

describe('the log-scale latency histogram', () => {
  it('puts each duration in the bucket whose range holds it', () => {
    for (const ms of [0.06, 0.5, 1, 3.7, 12, 99.9, 250, 1000, 45_000]) {
      const bucket = bucketOf(ms);
      expect(ms).toBeLessThanOrEqual(upperBoundOf(bucket) * (1 + 1e-9));
      expect(ms).toBeGreaterThan(upperBoundOf(bucket - 1));
    }
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(-1)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
    expect(bucketOf(10 * 60_000)).toBe(BUCKETS - 1);
  });

  it('reads p50, p95 and p99 within a bucket’s ±10 % of the exact values', () => {
    // 1000 durations from 1 to 1000 ms, spread the way latencies are: many short, a long tail.
    const values = Array.from({ length: 1000 }, (_, i) => Math.exp((i / 999) * Math.log(1000)));
    const histogram = createHistogram();
    for (const value of values) record(histogram, value);
    for (const q of [0.5, 0.95, 0.99]) {
      const read = percentile(histogram, q)!;
      expect(Math.abs(read - exact(values, q)) / exact(values, q)).toBeLessThan(0.1);
    }
    expect(histogram.total).toBe(1000);
  });

  it('never reports more than the longest duration, and nothing for an empty histogram', () => {
    const histogram = createHistogram();
    expect(percentile(histogram, 0.5)).toBeNull();
    for (const ms of [3, 7.9, 18, 20, 333]) {
      const one = createHistogram();
      record(one, ms);
      expect(percentile(one, 0.99)).toBeLessThanOrEqual(ms);
      expect(percentile(one, 0.99)! / ms).toBeGreaterThan(0.9);
    }
    // Past the last bucket only the longest duration is known for sure.
    const slow = createHistogram();
    record(slow, 900_000);
    expect(percentile(slow, 0.5)).toBe(900_000);
  });

  it('takes 95 fast and 5 slow requests to a p95 that is fast and a p99 that is slow', () => {
    const histogram = createHistogram();
    for (let i = 0; i < 95; i++) record(histogram, 10);
    for (let i = 0; i < 5; i++) record(histogram, 800);
    expect(percentile(histogram, 0.95)).toBeCloseTo(10, -0.5);
    expect(percentile(histogram, 0.99)).toBeGreaterThan(700);
  });

  it('adds minutes into an hour', () => {
    const a = createHistogram();
    const b = createHistogram();
    record(a, 5);
    record(b, 500);
    record(b, 500);
    const hour = createHistogram();
    addInto(hour, a);
    addInto(hour, b);
    expect(hour.total).toBe(3);
    expect(hour.maxMs).toBe(500);
    expect(percentile(hour, 0.3)! / 5).toBeCloseTo(1, 0);
  });
});
