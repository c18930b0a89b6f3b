/**
 * What the two fake AI providers (fake-ai-chat.ts, fake-ai-predictions.ts) share: a loopback
 * server that can be closed mid-request, the JSON a request carries, the log of requests, and the
 * script of misbehaviour a test queues for the next answers.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Answers either fake can give instead of the right one; see fake-ai.ts for what each sends. */
export const REQUEST_MODES = ['rate-limited', 'server-error', 'unavailable', 'garbage', 'garbage-json', 'slow'] as const;
export type RequestMode = (typeof REQUEST_MODES)[number];

export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** Date.now() when the request arrived. */
  time: number;
}

/** A queue of behaviours consumed one per matching request, and one that holds until reset. */
export class Script<Mode extends string, Route extends string = string> {
  private queue: { mode: Mode; on: Route | undefined }[] = [];
  private standing: Mode | undefined;

  next(mode: Mode, { times = 1, on }: { times?: number; on?: Route } = {}): void {
    for (let i = 0; i < times; i++) this.queue.push({ mode, on });
  }

  always(mode: Mode | undefined): void {
    this.standing = mode;
  }

  reset(): void {
    this.queue = [];
    this.standing = undefined;
  }

  /** The behaviour for a request on `route`, consuming the first queued one that applies. */
  take(route: Route): Mode | undefined {
    const at = this.queue.findIndex((entry) => entry.on === undefined || entry.on === route);
    if (at >= 0) return this.queue.splice(at, 1)[0]!.mode;
    return this.standing;
  }
}

export interface Listening {
  server: Server;
  port: number;
  /** Runs `fn` after `ms` unless the fake is closed first. */
  later(ms: number, fn: () => void): void;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 whose close() ends open connections and pending timers too. */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0): Promise<Listening> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      // A fake's own bug: answer it plainly so the test sees it, rather than hanging.
      if (!res.headersSent) sendJson(res, 599, { fakeBug: String(error) });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    later(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request's body as text, refused past `limit` bytes (a portrait as a data URI is a few MB). */
export async function readText(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error(`request body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A 200 that is not JSON at all, as a proxy or captive portal in the way would answer. */
export function sendGarbage(res: ServerResponse): void {
  const html = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

/**
 * A 200 JSON answer missing every field the real one has, carrying back the Authorization header
 * it was sent: a server that stores, logs or forwards a provider's answer verbatim would leak its
 * key, and a test can look for that key where it must never be.
 */
export function sendGarbageJson(res: ServerResponse, req: IncomingMessage): void {
  sendJson(res, 200, { unexpected: 'the fake answered without the fields the API promises', echoed_authorization: req.headers.authorization ?? null });
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** Waits `ms` unless the fake closes; false when the client went away meanwhile. */
export function hold(listening: Listening, res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (alive: boolean) => {
      if (done) return;
      done = true;
      resolve(alive);
    };
    res.once('close', () => finish(false));
    listening.later(ms, () => finish(!res.destroyed));
  });
}
