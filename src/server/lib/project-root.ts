import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the nearest one up with package.json), for the files the server reads
 * beside its code: migrations/, dist/client/, the tool caches in node_modules/. Searched for rather
 * than counted in folders from this file, because the server also runs as a bundle
 * (dist/server/main.mjs, scripts/build-server.mjs) in which every module shares the bundle's
 * import.meta.url.
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}: the server runs from inside the project's folder.`);
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();
