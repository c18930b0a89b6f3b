/**
 * Load at a steady rate, as visitors arrive: request i is due at start + i / rate whether or not
 * earlier answers have come, and its latency is counted from when it was due, so a stalled server
 * is charged for the requests it kept waiting (the "coordinated omission" that a closed loop hides).
 *
 * Why not autocannon's overallRate: it lets each connection send its share of a second as fast as
 * it can and then wait for the next second, so the load arrives as a burst at the top of every
 * second that saturates the machine for a moment; its p99 measures that burst's queue, which any
 * other work on the machine lengthens, not what a visitor arriving at a steady trickle meets.
 * Latencies are kept to the microsecond (autocannon's are whole milliseconds), so a 10 % band on a
 * p99 of a few milliseconds can be judged at all. Requests go out through lean-http.ts, whose cost
 * is small beside the server's.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { leanPool, requestBytes } from './lean-http';
import type { LoadFigures } from './load';

export interface OpenLoopRun {
  figures: LoadFigures;
  /** Every answer's latency in ms, in the order the requests were due (NaN for a request that failed). */
  latencies: Float64Array;
  /** p99 of each `sliceSeconds` in turn, by when the requests were due. */
  slices: number[];
  /** The longest the load's own event loop was late in the run, in ms: a stall of its own, not the server's. */
  ownLagMaxMs: number;
}

/** The p-th percentile of values sorted ascending. */
export const percentileOf = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0);

/** One request of a varied load: its path (against the options' url) and what it sends. */
export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions {
  url: string;
  headers: Record<string, string>;
  /**
   * When given, request i is requests[i % length] sent to the url's origin (its headers added to
   * `headers`): a load of different pages, codes or searches rather than one address.
   */
  requests?: OpenLoopRequest[];
  rate: number;
  seconds: number;
  /** Connections kept open; a request due while all are busy waits for one, and that wait counts. */
  connections: number;
  sliceSeconds?: number;
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopRun> {
  const { rate, seconds, connections } = options;
  const sliceSeconds = options.sliceSeconds ?? 5;
  const origin = new URL(options.url);
  const pool = leanPool(origin, connections);
  // Each distinct request's bytes, made once.
  const single = requestBytes(origin, { method: 'GET', path: `${origin.pathname}${origin.search}`, headers: options.headers });
  const varied = options.requests?.map(({ method, path, headers, body }) => {
    const target = new URL(path, origin);
    return requestBytes(origin, { method, path: `${target.pathname}${target.search}`, headers: { ...options.headers, ...headers }, body });
  });
  const total = Math.round(rate * seconds);
  const latency = new Float64Array(total).fill(Number.NaN);
  const gap = 1000 / rate;
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let answered = 0;
  let sent = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const settle = () => {
      answered += 1;
      if (answered === total) resolve();
    };
    const send = (i: number) => {
      const due = start + i * gap;
      pool.request(varied ? varied[i % varied.length]! : single).then(
        ({ status, bodyBytes }) => {
          latency[i] = performance.now() - due;
          if (status < 200 || status >= 300) non2xx += 1;
          bytes += bodyBytes;
          settle();
        },
        () => {
          errors += 1;
          settle();
        },
      );
    };
    // Every millisecond (as near as the timer allows), send what has come due since.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor((performance.now() - start) / gap) + 1);
      while (sent < due) send(sent++);
      if (sent === total) clearInterval(timer);
    }, 1);
  });
  const elapsed = (performance.now() - start) / 1000;
  lag.disable();
  pool.destroy();

  const measured = latency.filter((value) => !Number.isNaN(value));
  const sorted = Float64Array.from(measured).sort();
  const perSlice = Math.round(rate * sliceSeconds);
  const slices: number[] = [];
  for (let from = 0; from < total; from += perSlice) {
    const slice = latency.subarray(from, from + perSlice).filter((value) => !Number.isNaN(value)).sort();
    if (slice.length) slices.push(percentileOf(slice, 99));
  }
  return {
    latencies: latency,
    figures: {
      requestsPerSecond: measured.length / elapsed,
      p50: percentileOf(sorted, 50),
      p90: percentileOf(sorted, 90),
      p99: percentileOf(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1]! : 0,
      requests: measured.length,
      non2xx,
      errors,
      bytesPerAnswer: measured.length ? bytes / measured.length : 0,
    },
    slices,
    ownLagMaxMs: lag.max / 1e6,
  };
}
