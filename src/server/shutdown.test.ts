/**
 * The real server process (tsx src/server/main.ts) stops within SHUTDOWN_TIMEOUT_SECONDS of a
 * SIGTERM even when its job runner is stuck sending an e-mail to an SMTP server that never answers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, type Socket, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSourceServer } from '../../tests/support/source-server';

let smtp: Server;
const sockets = new Set<Socket>();
let dataDir: string;

beforeAll(async () => {
  // Accepts the connection and says nothing: nodemailer waits for the greeting (30 s by default).
  smtp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(tmpdir(), 'mindested-shutdown-'));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => smtp.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('shutting down', () => {
  it('ends within the deadline, non-zero, while an e-mail is stuck in a silent SMTP server', async () => {
    const { port: smtpPort } = smtp.address() as { port: number };
    const server = await startSourceServer({
      // The embedded database: the deadline does not depend on the engine.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SHUTDOWN_TIMEOUT_SECONDS: '2',
    });
    const { baseUrl, output } = server;

    try {
      // A contact message queues its receipt; the job runner picks it up within a second.
      const contact = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ name: 'Ida Hansen', email: 'ida@example.dk', message: 'Et spørgsmål om vores mindeside.' }),
      });
      expect(contact.status).toBe(201);
      for (let tries = 0; sockets.size === 0; tries++) {
        if (tries > 100) throw new Error(`the server never connected to the SMTP server:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const started = Date.now();
      server.signal('SIGTERM');
      const code = await server.exited;
      const took = Date.now() - started;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1900);
      expect(took).toBeLessThan(6000);
      expect(output()).toContain('lukningen tog for lang tid; processen afsluttes');
    } finally {
      server.kill();
    }
  }, 120_000);
});
