#!/usr/bin/env node
/**
 * The server and the operator CLI as one ES module each (dist/server/main.mjs and cli.mjs), with
 * source maps, for `npm start`, the browser journeys and the benchmarks: node runs them as they are,
 * where tsx would compile some 400 TypeScript files at every start in a second process of its own.
 * Measured on this machine (29 November): 1.6 s from spawn to /api/health instead of 2.5 s, and
 * 450 MB resident on the embedded database instead of 530 MB plus tsx's 52 MB. The browser journeys
 * start a server well over a hundred times a run, and the CLI as often.
 *
 * Only our own code is bundled: the packages stay in node_modules and are imported from there
 * (native ones such as sharp and argon2, PGlite's WebAssembly), exactly as under tsx. Files read
 * beside the code (migrations/, dist/client/) are found from the project's folder
 * (src/server/lib/project-root.ts), the same from the sources and from the bundle.
 */
import { build } from 'esbuild';

await build({
  // The export's drawing thread is a module of its own (production/export-drawing.ts finds it beside main.mjs).
  entryPoints: ['src/server/main.ts', 'src/server/cli.ts', 'src/server/production/export-worker.ts'],
  outbase: 'src/server',
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
