/**
 * Photos for a benchmark's memorial, made here with sharp (nothing is downloaded): JPEGs of the
 * sizes phones and scanners produce, landscape and portrait, with soft shapes and grain so they
 * compress like photographs rather than like flat colour.
 */
import sharp from 'sharp';

/** Width × height of the photos, in turn: phone photos, a scanned print, a screenshot-sized one. */
const SIZES: [number, number][] = [
  [4032, 3024],
  [3024, 4032],
  [1600, 1200],
  [2048, 1365],
  [1200, 1600],
  [3000, 2000],
  [1024, 768],
  [2400, 1800],
];

const PALETTES = [
  ['#6b8f71', '#d9c9a3', '#3e5641'],
  ['#a3b8c8', '#f2e6d8', '#4a6274'],
  ['#c98b6b', '#efd9c3', '#7a4b3a'],
  ['#8a7fa0', '#e8e0ef', '#4b4263'],
];

/** Grain is made once per photo in a tile this big and repeated: the eye and the encoders cannot tell. */
const GRAIN_TILE = 509;

export interface GeneratedPhoto {
  name: string;
  width: number;
  height: number;
  jpeg: Buffer;
}

/** Photo number `index` (0-based): its size and colours follow from the number, so runs are comparable. */
export async function makePhoto(index: number): Promise<GeneratedPhoto> {
  const [width, height] = SIZES[index % SIZES.length]!;
  const [a, b, c] = PALETTES[index % PALETTES.length]!;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = ((index * 37 + i * 53) % 100) / 100;
    const y = ((index * 17 + i * 29) % 100) / 100;
    return `<circle cx="${x * width}" cy="${y * height}" r="${(0.08 + (i % 3) * 0.07) * Math.min(width, height)}" fill="${i % 2 ? c : b}" fill-opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  // Grain as a camera sensor adds it: without it every encoder finds the picture trivially small.
  const grain = await sharp({ create: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .raw()
    .toBuffer();
  // Drawn at a quarter of the size and enlarged: soft like a photo's background, and quick.
  const small = await sharp(Buffer.from(svg), { density: 18 }).blur(2).png().toBuffer();
  const jpeg = await sharp(small)
    .resize(width, height)
    .composite([{ input: grain, raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 }, tile: true, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: `billede-${String(index + 1).padStart(2, '0')}.jpg`, width, height, jpeg };
}
