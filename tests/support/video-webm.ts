/**
 * Turns MediaRecorder's WebM into the file an encoder writing to disk makes: sizes known and a
 * duration in the header. MediaRecorder writes a live stream: the Segment and each Cluster say
 * "size unknown" and Info has no Duration. music-metadata 11.16 cannot read such a file (a
 * RangeError skipping the unknown-sized Segment), and a video from a provider is a finished file,
 * so the tests' video is one too. Only the Segment and its Clusters are re-sized; every frame's
 * bytes are kept as they were.
 */
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** What a Cluster holds (Timecode, Position, PrevSize, SimpleBlock, BlockGroup, Void). */
const CLUSTER_CHILDREN = new Set([CLUSTER_TIMECODE, 0xa7, 0xab, SIMPLE_BLOCK, BLOCK_GROUP, 0xec]);

interface Element {
  id: number;
  start: number;
  dataStart: number;
  end: number;
}

/** An EBML variable-length integer at `at`: its value (with its length marker, for an id), its length, whether all ones ("unknown"). */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[at]!;
  if (first === 0) throw new Error(`not EBML at byte ${at}`);
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    unknown &&= buf[at + i] === 0xff;
  }
  return { value, length, unknown };
}

function element(buf: Buffer, at: number, limit: number): Element {
  const id = vint(buf, at, true);
  const size = vint(buf, at + id.length, false);
  const dataStart = at + id.length + size.length;
  if (!size.unknown) return { id: id.value, start: at, dataStart, end: Math.min(dataStart + size.value, limit) };
  // An unknown size ends where the parent ends (the Segment), or at the first element that
  // cannot be inside it (a Cluster ends at the next Cluster, or Cues).
  let end = dataStart;
  if (id.value === SEGMENT) end = limit;
  else while (end < limit && CLUSTER_CHILDREN.has(vint(buf, end, true).value)) end = element(buf, end, limit).end;
  return { id: id.value, start: at, dataStart, end };
}

function children(buf: Buffer, start: number, end: number): Element[] {
  const found: Element[] = [];
  for (let at = start; at < end; ) {
    const child = element(buf, at, end);
    found.push(child);
    at = child.end;
  }
  return found;
}

function encode(id: number, payload: Buffer): Buffer {
  const idLength = id < 0x100 ? 1 : id < 0x10000 ? 2 : id < 0x1000000 ? 3 : 4;
  const header = Buffer.alloc(idLength + 8);
  header.writeUIntBE(id, 0, idLength);
  // An 8-byte size: 0x01 then seven bytes of length.
  header[idLength] = 0x01;
  header.writeUIntBE(payload.length, idLength + 2, 6);
  return Buffer.concat([header, payload]);
}

const uint = (buf: Buffer, e: Element) => (e.end > e.dataStart ? buf.readUIntBE(e.dataStart, e.end - e.dataStart) : 0);

/** The latest frame's time, in the Segment's timecode units. */
function lastFrameTime(buf: Buffer, clusters: Element[]): number {
  let last = 0;
  for (const cluster of clusters) {
    const kids = children(buf, cluster.dataStart, cluster.end);
    const base = uint(buf, kids.find((kid) => kid.id === CLUSTER_TIMECODE) ?? cluster);
    for (const kid of kids) {
      const block = kid.id === SIMPLE_BLOCK ? kid : kid.id === BLOCK_GROUP ? children(buf, kid.dataStart, kid.end).find((e) => e.id === BLOCK) : undefined;
      if (!block) continue;
      const track = vint(buf, block.dataStart, false);
      last = Math.max(last, base + buf.readInt16BE(block.dataStart + track.length));
    }
  }
  return last;
}

/** The WebM with every size known and Info's Duration set; `frameMs` is added for the last frame. */
export function finishedWebm(webm: Buffer, frameMs: number): Buffer {
  return Buffer.concat(
    children(webm, 0, webm.length).map((top) => {
      if (top.id !== SEGMENT) return webm.subarray(top.start, top.end);
      const kids = children(webm, top.dataStart, top.end);
      const info = kids.find((kid) => kid.id === INFO);
      const infoKids = info ? children(webm, info.dataStart, info.end) : [];
      const scaleElement = infoKids.find((kid) => kid.id === TIMECODE_SCALE);
      const scale = scaleElement ? uint(webm, scaleElement) : 1_000_000;
      const duration = Buffer.alloc(8);
      duration.writeDoubleBE(lastFrameTime(webm, kids.filter((kid) => kid.id === CLUSTER)) + (frameMs * 1_000_000) / scale);
      const payload = kids.map((kid) => {
        if (kid.id === CLUSTER) return encode(CLUSTER, webm.subarray(kid.dataStart, kid.end));
        if (kid.id !== INFO) return webm.subarray(kid.start, kid.end);
        const kept = infoKids.filter((e) => e.id !== DURATION).map((e) => webm.subarray(e.start, e.end));
        return encode(INFO, Buffer.concat([...kept, encode(DURATION, duration)]));
      });
      return encode(SEGMENT, Buffer.concat(payload));
    }),
  );
}
