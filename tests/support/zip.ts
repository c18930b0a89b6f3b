/**
 * Reads a ZIP back in tests (production/zip-stream.ts's): the central directory at the end names
 * every file and where its data starts, in ZIP64's records past 4 GB; stored or deflated data. Written
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
  let count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  // ZIP64: a locator just before the end record points at the ZIP64 end record, which has the
  // count and the directory's place in 8-byte fields.
  if (end >= 20 && zip.readUInt32LE(end - 20) === 0x07064b50) {
    const record = Number(zip.readBigUInt64LE(end - 20 + 8));
    if (zip.readUInt32LE(record) !== 0x06064b50) throw new Error('The ZIP64 locator points at no ZIP64 end record.');
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Central directory entry ${i} is broken.`);
    const method = zip.readUInt16LE(at + 10);
    const [time, date] = [zip.readUInt16LE(at + 12), zip.readUInt16LE(at + 14)];
    let compressedSize = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // The ZIP64 extra field (id 1) holds, in this order, each of these that says 0xffffffff.
    for (let extra = at + 46 + nameLength; extra < at + 46 + nameLength + extraLength; extra += 4 + zip.readUInt16LE(extra + 2)) {
      if (zip.readUInt16LE(extra) !== 0x0001) continue;
      let field = extra + 4;
      const next = () => {
        const value = Number(zip.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localHeader === 0xffffffff) localHeader = next();
    }
    // The local header repeats the name and has its own extra field; the data follows it.
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`${name}: compression method ${method} is not one the writer uses.`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}.`);
    // DOS time: local time, two-second steps.
    const modified = new Date((date >> 9) + 1980, ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2);
    entries.push({ name, data, modified });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
