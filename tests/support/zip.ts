/**
 * Reads a ZIP back in tests (the package exports are yazl's): the central directory at the end
 * names every file and where its data starts; stored or deflated data is all yazl writes. Written
 * here rather than taken from a package: the format's reading part is forty lines, and a test's
 * reader must not share the writer's assumptions.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  modified: Date;
}

export function readZip(zip: Buffer): ZipEntry[] {
  // The end of central directory record: signature 0x06054b50, within the last 64 kB + 22 bytes.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('Not a ZIP: no end of central directory record.');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Central directory entry ${i} is broken.`);
    const method = zip.readUInt16LE(at + 10);
    const [time, date] = [zip.readUInt16LE(at + 12), zip.readUInt16LE(at + 14)];
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // The local header repeats the name and has its own extra field; the data follows it.
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`${name}: compression method ${method} is not one yazl writes.`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}.`);
    // DOS time: local time, two-second steps.
    const modified = new Date((date >> 9) + 1980, ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2);
    entries.push({ name, data, modified });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
