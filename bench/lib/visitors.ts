/**
 * Visitors who pause between requests, as people do: each of `visitors` sends one request at a
 * time, and waits a random, exponentially distributed pause (mean `meanPauseMs`) after the time its
 * previous one was due, so arrivals are as bursty as real ones and never in lock-step (autocannon's
 * fixed rates start every connection's clock at once and send in waves).
 *
 * A request's latency is counted from when it was due, not from when it was sent: if the server
 * stalls, the visitors' waiting counts against it (coordinated omission).
 */
import http from 'node:http';

export interface VisitorRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface VisitorFigures {
  requests: number;
  perSecond: number;
  /** Milliseconds, counted from when each request was due. */
  latency: { p50: number; p90: number; p99: number; max: number };
  byStatus: Record<string, number>;
  errors: number;
}

export async function runVisitors(options: {
  baseUrl: string;
  visitors: number;
  seconds: number;
  meanPauseMs: number;
  next: () => VisitorRequest;
  onResponse?: (status: number, body: string) => void;
  /** Every request as it ends: when it was due (ms since the start), its latency, its status (0 for a broken connection). */
  onRequest?: (dueMs: number, latencyMs: number, status: number) => void;
}): Promise<VisitorFigures> {
  const { baseUrl, visitors, seconds, meanPauseMs, next, onResponse, onRequest } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: visitors });
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const pause = () => -Math.log(1 - Math.random()) * meanPauseMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

  function send(request: VisitorRequest): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(new URL(request.path, baseUrl), { method: request.method, headers: request.headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  async function visitor() {
    // The first visit comes at a random moment of the first pause, not all at the start.
    let due = started + Math.random() * meanPauseMs;
    while (due < end) {
      await sleep(due - performance.now());
      try {
        const { status, body } = await send(next());
        latencies.push(performance.now() - due);
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        onResponse?.(status, body);
        onRequest?.(due - started, performance.now() - due, status);
      } catch {
        errors++;
        onRequest?.(due - started, performance.now() - due, 0);
      }
      due += pause();
    }
  }

  await Promise.all(Array.from({ length: visitors }, visitor));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    latency: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0) },
    byStatus,
    errors,
  };
}
