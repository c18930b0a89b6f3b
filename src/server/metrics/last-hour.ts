/**
 * The last hour on this server, minute by minute, for the back office's performance page: a ring
 * of 60 minute slots, each with a compact latency histogram per route (latency-histogram.ts), one
 * for the database's queries and one for the event loop's delay. Memory is bounded whatever the
 * traffic (routes are patterns, never addresses, so there are as many as the app has), recording
 * is O(1), and a minute more than an hour old is overwritten by the minute that reuses its slot.
 *
 * Time is the app's clock (deps.now), so tests move it; durations are measured, not derived from it.
 */
import { type LatencyHistogram, addInto, createHistogram, record } from './latency-histogram';

export const WINDOW_MINUTES = 60;
const MINUTE_MS = 60_000;

interface RouteMinute {
  method: string;
  route: string;
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  latency: LatencyHistogram;
}

interface MinuteSlot {
  /** Minutes since 1970 (UTC): which minute the slot holds now. */
  minute: number;
  routes: Map<string, RouteMinute>;
  requests: LatencyHistogram;
  errors: number;
  queries: LatencyHistogram;
  loopDelay: LatencyHistogram;
}

export interface RouteHour {
  method: string;
  route: string;
  requests: number;
  errors: number;
  latency: LatencyHistogram;
}

export interface MinuteSummary {
  /** The minute's start. */
  at: Date;
  requests: LatencyHistogram;
  errors: number;
}

export interface HourSummary {
  /** Minutes the window covers: 60, or fewer while the server has run less than an hour. */
  minutes: number;
  routes: RouteHour[];
  requests: LatencyHistogram;
  errors: number;
  queries: LatencyHistogram;
  loopDelay: LatencyHistogram;
  /** Every minute of the window, oldest first; a quiet minute has empty histograms. */
  series: MinuteSummary[];
}

export interface LastHour {
  recordRequest(at: Date, method: string, route: string, statusCode: number, ms: number): void;
  recordQuery(at: Date, ms: number): void;
  recordLoopDelay(at: Date, ms: number): void;
  /** The 60 minutes up to and including the minute of `at`. */
  summary(at: Date): HourSummary;
}

function emptySlot(minute: number): MinuteSlot {
  return { minute, routes: new Map(), requests: createHistogram(), errors: 0, queries: createHistogram(), loopDelay: createHistogram() };
}

export function createLastHour(startedAt: Date): LastHour {
  const slots: (MinuteSlot | undefined)[] = new Array(WINDOW_MINUTES);

  /** The slot for `at`'s minute, or undefined when that minute's slot already holds a later one. */
  function slotAt(at: Date): MinuteSlot | undefined {
    const minute = Math.floor(at.getTime() / MINUTE_MS);
    const index = ((minute % WINDOW_MINUTES) + WINDOW_MINUTES) % WINDOW_MINUTES;
    const slot = slots[index];
    if (slot?.minute === minute) return slot;
    if (slot && slot.minute > minute) return undefined;
    return (slots[index] = emptySlot(minute));
  }

  return {
    recordRequest(at, method, route, statusCode, ms) {
      const slot = slotAt(at);
      if (!slot) return;
      const key = `${method} ${route}`;
      let entry = slot.routes.get(key);
      if (!entry) slot.routes.set(key, (entry = { method, route, requests: 0, errors: 0, latency: createHistogram() }));
      const error = statusCode >= 500 ? 1 : 0;
      entry.requests += 1;
      entry.errors += error;
      record(entry.latency, ms);
      record(slot.requests, ms);
      slot.errors += error;
    },

    recordQuery(at, ms) {
      const slot = slotAt(at);
      if (slot) record(slot.queries, ms);
    },

    recordLoopDelay(at, ms) {
      const slot = slotAt(at);
      if (slot) record(slot.loopDelay, ms);
    },

    summary(at) {
      const last = Math.floor(at.getTime() / MINUTE_MS);
      const first = last - WINDOW_MINUTES + 1;
      const routes = new Map<string, RouteHour>();
      const hour: HourSummary = {
        minutes: Math.min(WINDOW_MINUTES, Math.max(1, last - Math.floor(startedAt.getTime() / MINUTE_MS) + 1)),
        routes: [],
        requests: createHistogram(),
        errors: 0,
        queries: createHistogram(),
        loopDelay: createHistogram(),
        series: [],
      };
      for (let minute = first; minute <= last; minute++) {
        const slot = slots[((minute % WINDOW_MINUTES) + WINDOW_MINUTES) % WINDOW_MINUTES];
        const current = slot?.minute === minute ? slot : undefined;
        hour.series.push({ at: new Date(minute * MINUTE_MS), requests: current?.requests ?? createHistogram(), errors: current?.errors ?? 0 });
        if (!current) continue;
        addInto(hour.requests, current.requests);
        addInto(hour.queries, current.queries);
        addInto(hour.loopDelay, current.loopDelay);
        hour.errors += current.errors;
        for (const [key, entry] of current.routes) {
          let total = routes.get(key);
          if (!total) routes.set(key, (total = { method: entry.method, route: entry.route, requests: 0, errors: 0, latency: createHistogram() }));
          total.requests += entry.requests;
          total.errors += entry.errors;
          addInto(total.latency, entry.latency);
        }
      }
      hour.routes = [...routes.values()];
      return hour;
    },
  };
}
