/**
 * Storage on the local disk under one root directory (DATA_DIR/media by default): the set-up-free
 * choice for a single server. The object for `memorials/m/x/640.webp` is the plain file
 * `<root>/memorials/m/x/640.webp`, so an operator can back it up or look at it with ordinary tools.
 *
 * Content type: kept in a small hidden sidecar `<dir>/.640.webp.meta.json` ({ contentType,
 * cacheControl }) rather than derived from the extension, so both drivers honour the content type
 * the caller gives and the contract test holds for both. Keys cannot start a segment with ".", so
 * no key collides with a sidecar, a temporary file or a purge directory.
 *
 * An object exists when both its file and its sidecar exist. put writes both to temporary files
 * in the same directory (flushed to disk) and renames the data first and the sidecar last, so the
 * sidecar is the commit: a crash never leaves a half-written file under a key, and at worst leaves
 * an invisible file that the next put of the key replaces. delete removes the sidecar first for
 * the same reason. Empty directories are left behind on delete: removing them would race with a
 * put that has just created them; deletePrefix removes whole trees.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver } from './storage-types';

interface Sidecar {
  contentType: string;
  cacheControl?: string;
}

const SIDECAR_SUFFIX = '.meta.json';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** ENOTDIR: a segment of the path is a file (key "a" exists and we look for "a/b"). */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function sidecarOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}${SIDECAR_SUFFIX}`);
}

function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
}

/** Like nginx's: cheap (no hashing), and changes whenever the file is replaced. */
function etagOf(info: { size: bigint; mtimeNs: bigint; ino: bigint }): string {
  return `"${info.size.toString(16)}-${info.mtimeNs.toString(16)}-${info.ino.toString(16)}"`;
}

async function readSidecar(file: string): Promise<Sidecar | null> {
  let text: string;
  try {
    text = await readFile(sidecarOf(file), 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Sidecar>;
  if (typeof parsed.contentType !== 'string') throw new Error(`storage: ${sidecarOf(file)} has no contentType`);
  return { contentType: parsed.contentType, ...(typeof parsed.cacheControl === 'string' ? { cacheControl: parsed.cacheControl } : {}) };
}

/** Objects (files with a sidecar) in a directory tree. */
async function countObjects(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = new Set(entries.map((e) => e.name));
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory()) count += await countObjects(path.join(dir, entry.name));
    else if (entry.isFile() && !entry.name.startsWith('.') && names.has(`.${entry.name}${SIDECAR_SUFFIX}`)) count += 1;
  }
  return count;
}

export function createDiskStorage(rootDirectory: string): StorageDriver {
  const root = path.resolve(rootDirectory);

  /**
   * The file of a key. The front has already refused "..", absolute keys and backslashes; this
   * second check on the resolved path keeps the disk safe even if that validation is ever wrong.
   */
  function fileOf(key: string): string {
    const file = path.resolve(root, key);
    const relative = path.relative(root, file);
    if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      throw new Error(`storage key resolves outside the storage root: ${JSON.stringify(key)}`);
    }
    return file;
  }

  return {
    async put(key, body, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const dataTemporary = temporaryBeside(file);
      const sidecarTemporary = temporaryBeside(file);
      try {
        // flush: fsync before close, so after a power cut the renamed file has its bytes.
        if (Buffer.isBuffer(body)) await writeFile(dataTemporary, body, { flush: true });
        else {
          const out = createWriteStream(dataTemporary, { flush: true });
          try {
            await pipeline(body, out);
          } finally {
            // When the body fails early, pipeline rejects before the file has even been opened;
            // removing it now would let the open create it again afterwards. ('error' comes
            // with 'close', after the descriptor is closed.)
            if (!out.closed) await once(out, 'close').catch(() => undefined);
          }
        }
        const { size } = await stat(dataTemporary);
        const sidecar: Sidecar = { contentType: options.contentType, ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}) };
        await writeFile(sidecarTemporary, JSON.stringify(sidecar), { flush: true });
        await rename(dataTemporary, file);
        await rename(sidecarTemporary, sidecarOf(file));
        return { bytes: size };
      } finally {
        // No-ops after the renames; removes the leftovers of a failed write.
        await Promise.all([rm(dataTemporary, { force: true }), rm(sidecarTemporary, { force: true })]);
      }
    },

    async get(key, range) {
      const file = fileOf(key);
      const sidecar = await readSidecar(file);
      if (!sidecar) return null;
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Size and stream come from the same open file, so a put or delete racing with this read
      // cannot make the two disagree.
      try {
        const info = await handle.stat({ bigint: true });
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const totalBytes = Number(info.size);
        const etag = etagOf(info);
        if (!range) {
          return { body: handle.createReadStream(), contentType: sidecar.contentType, bytes: totalBytes, etag, totalBytes };
        }
        if (range.start >= totalBytes) {
          await handle.close();
          return { unsatisfiable: true, totalBytes };
        }
        const end = Math.min(range.end ?? totalBytes - 1, totalBytes - 1);
        // createReadStream closes the handle when the stream ends or is destroyed.
        const body = handle.createReadStream({ start: range.start, end });
        return { body, contentType: sidecar.contentType, bytes: end - range.start + 1, etag, totalBytes };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key) {
      const file = fileOf(key);
      const sidecar = await readSidecar(file);
      if (!sidecar) return null;
      try {
        const info = await stat(file, { bigint: true });
        if (!info.isFile()) return null;
        return { contentType: sidecar.contentType, bytes: Number(info.size), etag: etagOf(info) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      for (const target of [sidecarOf(file), file]) {
        try {
          // A directory under this name holds other keys; it is not this object.
          if ((await lstat(target)).isDirectory()) continue;
          await unlink(target);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    async deletePrefix(prefix) {
      const dir = fileOf(prefix.slice(0, -1));
      try {
        if (!(await lstat(dir)).isDirectory()) return 0;
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      // Move the tree aside first (one rename, same directory so same file system): readers see
      // the whole prefix vanish at once, and the count is of exactly what was removed.
      const trash = path.join(path.dirname(dir), `.purge-${randomBytes(8).toString('hex')}`);
      try {
        await rename(dir, trash);
      } catch (error) {
        if (isMissing(error)) return 0;
        const code = errorCode(error);
        if (code !== 'EXDEV' && code !== 'EBUSY') throw error;
        // The directory is a mount point: empty it in place and leave the mount alone.
        const count = await countObjects(dir);
        const entries = await readdir(dir);
        await Promise.all(entries.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
        return count;
      }
      const count = await countObjects(trash);
      await rm(trash, { recursive: true, force: true });
      return count;
    },

    async *list(prefix) {
      // A key's folder holds its file, its sidecar, and perhaps temporary files and a purge's
      // directory (all starting with "."): an object is a file whose sidecar is there too.
      async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        const names = new Set(entries.map((entry) => entry.name));
        for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
          if (entry.name.startsWith('.')) continue;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`);
          else if (entry.isFile() && names.has(`.${entry.name}${SIDECAR_SUFFIX}`)) yield `${keyPrefix}${entry.name}`;
        }
      }
      yield* walk(prefix === '' ? root : fileOf(prefix.slice(0, -1)), prefix);
    },

    describe: () => `lokal disk: ${root}`,
  };
}
