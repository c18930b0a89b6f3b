/**
 * The open loop's HTTP/1.1 client: keep-alive connections on raw sockets, each request's bytes
 * written once and each answer read only as far as its status, length and end. Node's http client
 * cost 0.3–1.4 ms of CPU a request on a slow 2-core machine (1 December: 1,300 requests a second took
 * more than a whole core), so the visitors' side needed a core as large as the server's and
 * competed with what it measured; this one costs a small part of that. It speaks only what our
 * server answers: a body with a Content-Length or in chunks, or none (204, 304); no 1xx, no upgrades.
 */
import { Socket } from 'node:net';

export interface LeanRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LeanAnswer {
  status: number;
  /** Bytes of the body as sent (compressed when it came compressed). */
  bodyBytes: number;
}

type Settle = (answer: LeanAnswer | Error) => void;

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/** The request's bytes, made once for each distinct request. */
export function requestBytes(url: URL, { method, path, headers, body }: LeanRequest): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${url.host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (payload.length || method !== 'GET') lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** One keep-alive connection: one request at a time, its answer parsed as it comes. */
class Connection {
  private readonly socket: Socket;
  private pending: Buffer = Buffer.alloc(0);
  private settle: Settle | null = null;
  /** The answer being read: its status, how it ends, and how many body bytes are still to come. */
  private answer: { status: number; chunked: boolean; remaining: number; bodyBytes: number; close: boolean } | null = null;
  closed = false;

  constructor(
    url: URL,
    private readonly onIdle: (connection: Connection) => void,
    onClose: (connection: Connection) => void,
  ) {
    this.socket = new Socket();
    this.socket.setNoDelay(true);
    this.socket.connect(Number(url.port || 80), url.hostname);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    const end = (error?: Error) => {
      if (this.closed) return;
      this.closed = true;
      this.fail(error ?? new Error('the server closed the connection'));
      onClose(this);
    };
    this.socket.on('error', end);
    this.socket.on('close', () => end());
  }

  send(bytes: Buffer, settle: Settle) {
    this.settle = settle;
    this.socket.write(bytes);
  }

  destroy() {
    this.closed = true;
    this.socket.destroy();
  }

  private fail(error: Error) {
    const settle = this.settle;
    this.settle = null;
    this.answer = null;
    settle?.(error);
  }

  private read(chunk: Buffer) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (!this.answer) {
        const end = this.pending.indexOf(HEAD_END);
        if (end < 0) return;
        const head = this.pending.subarray(0, end).toString('latin1').toLowerCase();
        this.pending = this.pending.subarray(end + HEAD_END.length);
        const length = /\r\ncontent-length: *(\d+)/.exec(head);
        this.answer = {
          status: Number(head.slice(9, 12)),
          chunked: /\r\ntransfer-encoding: *chunked/.test(head),
          remaining: length ? Number(length[1]) : 0,
          bodyBytes: 0,
          close: /\r\nconnection: *close/.test(head),
        };
        if (this.answer.status === 204 || this.answer.status === 304) {
          // No body, whatever the headers say (RFC 9112 §6.3).
          this.answer.remaining = 0;
          this.answer.chunked = false;
        } else if (!this.answer.chunked && !length) return this.fail(new Error('an answer with neither a length nor chunks'));
      }
      const answer = this.answer;
      if (answer.chunked && answer.remaining === 0) {
        // A chunk's size line (after the previous chunk's CRLF); size 0 ends the body and its empty trailer.
        const end = this.pending.indexOf(LINE_END);
        if (end < 0) return;
        const size = parseInt(this.pending.subarray(0, end).toString('latin1'), 16);
        if (size === 0) {
          if (this.pending.length < end + 4) return;
          this.pending = this.pending.subarray(end + 4);
          this.finish();
          continue;
        }
        this.pending = this.pending.subarray(end + 2);
        answer.remaining = size + 2; // its bytes and their CRLF
        answer.bodyBytes -= 2;
      }
      const taken = Math.min(answer.remaining, this.pending.length);
      answer.remaining -= taken;
      answer.bodyBytes += taken;
      this.pending = this.pending.subarray(taken);
      if (answer.remaining > 0) return;
      if (!answer.chunked) this.finish();
      if (!this.pending.length) return;
    }
  }

  private finish() {
    const { status, bodyBytes, close } = this.answer!;
    const settle = this.settle;
    this.answer = null;
    this.settle = null;
    // Its 'close' then takes it out of the pool.
    if (close) this.socket.destroy();
    settle?.({ status, bodyBytes });
    if (!close) this.onIdle(this);
  }
}

/** Up to `size` keep-alive connections to `url`'s origin; a request sent while all are busy waits its turn. */
export function leanPool(url: URL, size: number) {
  const connections = new Set<Connection>();
  const idle: Connection[] = [];
  const waiting: [Buffer, Settle][] = [];
  const ready = (connection: Connection) => {
    const queued = waiting.shift();
    if (queued) connection.send(queued[0], queued[1]);
    else idle.push(connection);
  };
  const closed = (connection: Connection) => {
    connections.delete(connection);
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    if (waiting.length) open();
  };
  const open = () => {
    const connection = new Connection(url, ready, closed);
    connections.add(connection);
    ready(connection);
  };
  return {
    request(bytes: Buffer): Promise<LeanAnswer> {
      return new Promise((resolve, reject) => {
        const settle: Settle = (answer) => (answer instanceof Error ? reject(answer) : resolve(answer));
        const connection = idle.pop();
        if (connection) connection.send(bytes, settle);
        else {
          waiting.push([bytes, settle]);
          if (connections.size < size) open();
        }
      });
    },
    destroy() {
      for (const connection of connections) connection.destroy();
    },
  };
}
