/**
 * Load on one page address with autocannon: a warm-up first (the JIT, the database's caches and
 * the connection pool settle), then the measured run. Requests carry what a phone's browser sends
 * (Accept-Encoding included), so the answer is compressed as it would be for a visitor.
 */
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Bytes of one answer, as sent (compressed). */
  bytesPerAnswer: number;
}

/** What a phone's browser sends for a page. */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'da-DK,da;q=0.9',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

/** autocannon as a promise, for a script that reads more of its result than LoadFigures holds. */
export function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function figures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** `headers` adds to a phone browser's (a session cookie, to be the family instead of a visitor). */
export async function measureLoad(url: string, options: { connections?: number; warmupSeconds?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadFigures> {
  const base = { url, connections: options.connections ?? 50, headers: { ...BROWSER_HEADERS, ...options.headers } };
  await runAutocannon({ ...base, duration: options.warmupSeconds ?? 5 });
  return figures(await runAutocannon({ ...base, duration: options.seconds ?? 15 }));
}

/**
 * Load as a sequence of API requests that each connection sends in turn (different codes, from
 * different phones), for calls whose answer depends on what is asked.
 */
export async function measureRequests(
  baseUrl: string,
  requests: { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[],
  options: { connections?: number; warmupSeconds?: number; seconds?: number } = {},
): Promise<LoadFigures> {
  const base = { url: baseUrl, connections: options.connections ?? 50, headers: { 'user-agent': BROWSER_HEADERS['user-agent'], accept: 'application/json' }, requests };
  await runAutocannon({ ...base, duration: options.warmupSeconds ?? 5 });
  return figures(await runAutocannon({ ...base, duration: options.seconds ?? 15 }));
}

/** Whole milliseconds as autocannon gives them; an open-loop run's finer figures to a tenth. */
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export function formatLoad(label: string, f: LoadFigures): string {
  return (
    `  ${label}: ${f.requestsPerSecond.toFixed(0)} requests/s; latency p50 ${ms(f.p50)} ms, p90 ${ms(f.p90)} ms, p99 ${ms(f.p99)} ms, max ${ms(f.max)} ms` +
    ` (${f.requests} requests, ${(f.bytesPerAnswer / 1024).toFixed(1)} KB each${f.non2xx ? `, ${f.non2xx} not 2xx` : ''}${f.errors ? `, ${f.errors} errors` : ''})\n`
  );
}
