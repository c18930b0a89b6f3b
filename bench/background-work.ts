/**
 * What background work at the lowest priority does to a web server's tail on this machine, without
 * the product: a small HTTP server (a child process, a 12 KB answer and a little work per request,
 * as a cached memorial page) under a steady load from a process of its own (bench/lib/open-loop.ts,
 * load-process.ts), ROUNDS rounds of WINDOW_SECONDS each: nothing else running; two busy loops at
 * nice 19 (one per core); two node processes at nice 19 that allocate and collect all the time
 * (JSON in and out of a 20,000-object array, as a job process parsing answers does). It tells the
 * kernel's share of the CPU (which nice governs) apart from what nice cannot govern (the caches and
 * memory the cores share). Prints the p99 of each window; judges nothing (issue 25's note).
 *
 *   npm run bench:background-work      (or: RATE=2000 ROUNDS=3 WINDOW_SECONDS=8 npx tsx bench/background-work.ts)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { startLoadProcess } from './lib/load-process';

const RATE = Number(process.env.RATE ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WINDOW_SECONDS = Number(process.env.WINDOW_SECONDS ?? 8);

const SERVER = `const http = require('http'); const body = Buffer.alloc(12000, 97);
const server = http.createServer((request, response) => { let x = 0; for (let i = 0; i < 20000; i++) x += i * i; response.writeHead(200, { 'content-type': 'text/html', 'x-sum': String(x) }); response.end(body); });
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
const ALLOCATING = `const rows = Array.from({ length: 20000 }, (_, i) => ({ i, text: 'x'.repeat(50 + (i % 100)), list: [i, i + 1, i + 2] }));
for (;;) if (JSON.parse(JSON.stringify(rows)).length < 0) console.log('never');`;

const KINDS: Record<string, (() => ChildProcess) | null> = {
  'nothing else': null,
  'two busy loops at nice 19': () => spawn('nice', ['-n', '19', 'sh', '-c', 'while :; do :; done']),
  'two allocating node processes at nice 19': () => spawn('nice', ['-n', '19', process.execPath, '-e', ALLOCATING]),
};

const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const load = startLoadProcess();
try {
  const port = await new Promise<number>((resolve) => server.stdout!.once('data', (data) => resolve(Number(String(data).trim()))));
  const run = (seconds: number) => load.run({ url: `http://127.0.0.1:${port}/`, headers: {}, rate: RATE, seconds, connections: 50 });
  process.stdout.write(`A small server at ${RATE} requests/s, steady; 20 s to settle, then ${ROUNDS} rounds of ${WINDOW_SECONDS} s windows\n`);
  await run(20);
  const p99s: Record<string, number[]> = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [kind, start] of Object.entries(KINDS)) {
      const background = start ? [start(), start()] : [];
      const { figures } = await run(WINDOW_SECONDS);
      for (const each of background) each.kill('SIGKILL');
      p99s[kind]!.push(figures.p99);
      process.stdout.write(`  round ${round}, ${kind}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms\n`);
    }
  }
  process.stdout.write('\np99 by background, round by round:\n');
  for (const [kind, values] of Object.entries(p99s)) process.stdout.write(`  ${kind}: ${values.map((value) => `${value.toFixed(1)} ms`).join(', ')}\n`);
} finally {
  load.stop();
  server.kill();
}
