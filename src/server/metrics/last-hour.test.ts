import { describe, expect, it } from 'vitest';
import { createLastHour } from './last-hour';
import { percentile } from './latency-histogram';

const start = new Date('2026-11-01T10:00:00Z');
const later = (minutes: number, seconds = 0) => new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

describe('the last hour, minute by minute', () => {
  it('keeps each route apart, with its requests, 5xx answers and latencies', () => {
    const hour = createLastHour(start);
    for (let i = 1; i <= 100; i++) hour.recordRequest(later(0, 10), 'GET', '/api/memorials/:id', 200, i);
    hour.recordRequest(later(1), 'POST', '/api/memorials/:id/posts', 500, 40);
    hour.recordRequest(later(1), 'POST', '/api/memorials/:id/posts', 201, 30);
    const summary = hour.summary(later(1, 30));
    const page = summary.routes.find((r) => r.method === 'GET')!;
    expect(page).toMatchObject({ route: '/api/memorials/:id', requests: 100, errors: 0 });
    expect(percentile(page.latency, 0.5)! / 50).toBeCloseTo(1, 0);
    expect(percentile(page.latency, 0.95)! / 95).toBeCloseTo(1, 0);
    expect(percentile(page.latency, 0.99)! / 99).toBeCloseTo(1, 0);
    expect(summary.routes.find((r) => r.method === 'POST')).toMatchObject({ requests: 2, errors: 1 });
    expect(summary.requests.total).toBe(102);
    expect(summary.errors).toBe(1);
    expect(summary.minutes).toBe(2);
  });

  it('lets requests older than an hour drop out, minute by minute', () => {
    const hour = createLastHour(start);
    hour.recordRequest(later(0), 'GET', '/a', 200, 1000);
    hour.recordRequest(later(30), 'GET', '/a', 200, 10);
    expect(hour.summary(later(59, 59)).requests.total).toBe(2);
    // At 11:00 the minute 10:00 is 61 minutes back: only the 10:30 request is left, and p99 is its.
    const next = hour.summary(later(60));
    expect(next.requests.total).toBe(1);
    expect(next.minutes).toBe(60);
    expect(percentile(next.requests, 0.99)! / 10).toBeCloseTo(1, 1);
    // A new minute in the old one's slot replaces it rather than adding to it.
    hour.recordRequest(later(60, 5), 'GET', '/a', 200, 20);
    expect(hour.summary(later(60, 10)).requests.total).toBe(2);
    expect(hour.summary(later(200)).requests.total).toBe(0);
  });

  it('gives 60 minutes for the chart, oldest first, quiet ones empty', () => {
    const hour = createLastHour(start);
    hour.recordRequest(later(5), 'GET', '/a', 503, 12);
    const { series } = hour.summary(later(5, 20));
    expect(series).toHaveLength(60);
    expect(series.at(-1)!.at.toISOString()).toBe('2026-11-01T10:05:00.000Z');
    expect(series[0]!.at.toISOString()).toBe('2026-11-01T09:06:00.000Z');
    expect(series.at(-1)!.requests.total).toBe(1);
    expect(series.at(-1)!.errors).toBe(1);
    expect(series.slice(0, -1).every((minute) => minute.requests.total === 0)).toBe(true);
  });

  it('ignores what arrives for a minute whose slot already holds a later one', () => {
    const hour = createLastHour(start);
    hour.recordRequest(later(61), 'GET', '/a', 200, 5);
    hour.recordRequest(later(1), 'GET', '/a', 200, 5);
    expect(hour.summary(later(61)).requests.total).toBe(1);
  });

  it('keeps database queries and the event loop’s delay by the minute too', () => {
    const hour = createLastHour(start);
    for (let i = 0; i < 99; i++) hour.recordQuery(later(2), 2);
    hour.recordQuery(later(2), 300);
    hour.recordLoopDelay(later(2), 1);
    const summary = hour.summary(later(3));
    expect(summary.queries.total).toBe(100);
    expect(percentile(summary.queries, 0.95)! / 2).toBeCloseTo(1, 0);
    expect(percentile(summary.queries, 0.99)! / 2).toBeCloseTo(1, 0);
    expect(percentile(summary.queries, 1)).toBe(300);
    expect(summary.loopDelay.total).toBe(1);
  });
});
