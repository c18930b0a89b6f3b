/**
 * The demo memorials' photos, painted here as SVG and rasterised by sharp: the project ships no
 * image files and fetches none, and the pictures stay soft and quiet like faded prints (a coast,
 * a garden, a house, a portrait's silhouette), never a stock photo of a stranger's face.
 * Each painting is deterministic, so its bytes (and the cache key in photo-cache.ts) never drift.
 */

export interface Painting {
  /** A stable name: part of the cache key and of nothing the visitor sees. */
  name: string;
  width: number;
  height: number;
  svg: string;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  // A soft blur for distance, and a vignette that gives every picture the edge of an old print.
  `<defs><filter id="soft"><feGaussianBlur stdDeviation="${Math.round(width / 240)}"/></filter>` +
  `<filter id="haze"><feGaussianBlur stdDeviation="${Math.round(width / 60)}"/></filter>` +
  `<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#2a1f14" stop-opacity="0.35"/></radialGradient></defs>` +
  `${body}<rect width="100%" height="100%" fill="url(#vignette)"/></svg>`;

const sky = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;

/** Rolling ground from left to right at a height (fraction of h), with a gentle wave. */
function hill(w: number, h: number, at: number, swell: number, fill: string, phase = 0, extra = '') {
  const y = (f: number) => Math.round(h * f);
  const points = [0, 0.25, 0.5, 0.75, 1].map((f, i) => [Math.round(w * f), y(at + (i % 2 === (phase % 2) ? -swell : swell))] as const);
  let d = `M0 ${points[0]![1]}`;
  for (let i = 1; i < points.length; i++) {
    const [px, py] = points[i - 1]!;
    const [x, yy] = points[i]!;
    d += ` C ${px + (x - px) / 2} ${py} ${px + (x - px) / 2} ${yy} ${x} ${yy}`;
  }
  return `<path d="${d} V ${h} H 0 Z" fill="${fill}" ${extra}/>`;
}

/** Grass straws along the bottom, seeded so the same painting always has the same straws. */
function straws(w: number, h: number, from: number, count: number, colour: string, seed: number) {
  let value = seed;
  const random = () => ((value = (value * 16807) % 2147483647) / 2147483647);
  let body = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(random() * w);
    const base = Math.round(h * (from + random() * (1 - from)));
    const length = Math.round(h * (0.06 + random() * 0.12));
    const lean = Math.round((random() - 0.5) * length * 0.8);
    body += `<path d="M${x} ${base} q ${lean / 3} ${-length / 2} ${lean} ${-length}" stroke="${colour}" stroke-width="${Math.max(2, Math.round(w / 500))}" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  }
  return body;
}

/** The West Coast at evening: a wide sea, dunes and lyme grass (the enhanced memorial's cover). */
export function coastAtEvening(): Painting {
  const [w, h] = [1920, 1080];
  return {
    name: 'coast-at-evening',
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      sky('s', '#c7d6df', '#f3dcc0') +
        `<rect width="100%" height="100%" fill="url(#s)"/>` +
        `<circle cx="${w * 0.68}" cy="${h * 0.43}" r="${h * 0.07}" fill="#fbeed6" filter="url(#haze)"/>` +
        `<rect y="${h * 0.5}" width="${w}" height="${h * 0.5}" fill="#7f9fae"/>` +
        `<rect y="${h * 0.5}" width="${w}" height="${h * 0.03}" fill="#a9bfc6" filter="url(#soft)"/>` +
        `<ellipse cx="${w * 0.68}" cy="${h * 0.58}" rx="${w * 0.12}" ry="${h * 0.02}" fill="#f6e4c7" opacity="0.55" filter="url(#soft)"/>` +
        [0.6, 0.66, 0.72].map((f, i) => `<path d="M0 ${h * f} Q ${w * 0.5} ${h * (f - 0.012)} ${w} ${h * f}" stroke="#dfe8ea" stroke-width="${3 - i * 0.5}" fill="none" opacity="0.45"/>`).join('') +
        hill(w, h, 0.78, 0.04, '#d9c29a', 0) +
        hill(w, h, 0.86, 0.03, '#b9a67d', 1) +
        straws(w, h, 0.8, 160, '#7d8a5a', 7),
    ),
  };
}

/** A fishing cutter on a calm morning sea. */
export function cutterAtSea(): Painting {
  const [w, h] = [1400, 1050];
  const boat = `<g transform="translate(${w * 0.38} ${h * 0.52})">
    <path d="M0 0 L ${w * 0.22} 0 L ${w * 0.2} ${h * 0.05} L ${w * 0.025} ${h * 0.05} Z" fill="#4b3b32"/>
    <rect x="${w * 0.13}" y="${-h * 0.07}" width="${w * 0.05}" height="${h * 0.07}" fill="#efe6d6"/>
    <rect x="${w * 0.14}" y="${-h * 0.06}" width="${w * 0.012}" height="${h * 0.02}" fill="#6c7d86"/>
    <line x1="${w * 0.07}" y1="0" x2="${w * 0.07}" y2="${-h * 0.2}" stroke="#4b3b32" stroke-width="5"/>
    <line x1="${w * 0.07}" y1="${-h * 0.2}" x2="${w * 0.2}" y2="0" stroke="#4b3b32" stroke-width="2"/>
    <rect x="0" y="${h * 0.005}" width="${w * 0.22}" height="${h * 0.008}" fill="#a34a3c"/></g>`;
  return {
    name: 'cutter-at-sea',
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      sky('s', '#dfe7ea', '#f1e6d4') +
        `<rect width="100%" height="100%" fill="url(#s)"/>` +
        `<rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="#8aa6b1"/>` +
        `<path d="M0 ${h * 0.55} H ${w}" stroke="#c2d2d6" stroke-width="6" filter="url(#soft)"/>` +
        boat +
        `<ellipse cx="${w * 0.49}" cy="${h * 0.6}" rx="${w * 0.13}" ry="${h * 0.012}" fill="#5f7480" opacity="0.5" filter="url(#soft)"/>` +
        [0.66, 0.74, 0.83, 0.93].map((f) => `<path d="M0 ${h * f} Q ${w * 0.25} ${h * (f - 0.01)} ${w * 0.5} ${h * f} T ${w} ${h * f}" stroke="#c9d8dc" stroke-width="3" fill="none" opacity="0.5"/>`).join(''),
    ),
  };
}

/** A white lighthouse with a red band on a dune under a high sky. */
export function lighthouse(): Painting {
  const [w, h] = [1050, 1400];
  const x = w * 0.55;
  return {
    name: 'lighthouse',
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      sky('s', '#b8cad6', '#eee4d2') +
        `<rect width="100%" height="100%" fill="url(#s)"/>` +
        `<ellipse cx="${w * 0.25}" cy="${h * 0.2}" rx="${w * 0.22}" ry="${h * 0.035}" fill="#f7f2ea" opacity="0.7" filter="url(#haze)"/>` +
        `<path d="M${x - w * 0.07} ${h * 0.66} L ${x - w * 0.045} ${h * 0.3} L ${x + w * 0.045} ${h * 0.3} L ${x + w * 0.07} ${h * 0.66} Z" fill="#f4efe6"/>` +
        `<path d="M${x - w * 0.058} ${h * 0.48} L ${x - w * 0.052} ${h * 0.42} L ${x + w * 0.052} ${h * 0.42} L ${x + w * 0.058} ${h * 0.48} Z" fill="#a8493d"/>` +
        `<rect x="${x - w * 0.05}" y="${h * 0.26}" width="${w * 0.1}" height="${h * 0.04}" fill="#3d3a38"/>` +
        `<rect x="${x - w * 0.035}" y="${h * 0.225}" width="${w * 0.07}" height="${h * 0.035}" fill="#f5e3b0"/>` +
        `<path d="M${x - w * 0.045} ${h * 0.225} Q ${x} ${h * 0.18} ${x + w * 0.045} ${h * 0.225} Z" fill="#a8493d"/>` +
        `<path d="M${x - w * 0.07} ${h * 0.66} L ${x - w * 0.045} ${h * 0.3}" stroke="#d8d0c2" stroke-width="6"/>` +
        hill(w, h, 0.68, 0.03, '#d6c096', 1) +
        hill(w, h, 0.8, 0.035, '#b8a679', 0) +
        straws(w, h, 0.7, 120, '#76845a', 11),
    ),
  };
}

/** A red-brick house with a white door and an apple tree: the family's home. */
export function brickHouse(): Painting {
  const [w, h] = [1400, 1050];
  const hx = w * 0.28;
  const hy = h * 0.42;
  const hw = w * 0.46;
  const hh = h * 0.3;
  const windows = [0.1, 0.3, 0.62, 0.82]
    .map((f) => `<rect x="${hx + hw * f}" y="${hy + hh * 0.28}" width="${hw * 0.1}" height="${hh * 0.32}" fill="#e9eef0" stroke="#fbf8f2" stroke-width="6"/>`)
    .join('');
  return {
    name: 'brick-house',
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      sky('s', '#c9d9e2', '#eef0e6') +
        `<rect width="100%" height="100%" fill="url(#s)"/>` +
        hill(w, h, 0.7, 0.02, '#a9b98f', 0) +
        `<rect x="${hx}" y="${hy}" width="${hw}" height="${hh}" fill="#b0624c"/>` +
        `<path d="M${hx - w * 0.02} ${hy} L ${hx + hw * 0.12} ${hy - hh * 0.55} L ${hx + hw * 0.88} ${hy - hh * 0.55} L ${hx + hw + w * 0.02} ${hy} Z" fill="#5a4a44"/>` +
        `<rect x="${hx + hw * 0.7}" y="${hy - hh * 0.75}" width="${hw * 0.06}" height="${hh * 0.3}" fill="#8c4b3a"/>` +
        windows +
        `<rect x="${hx + hw * 0.46}" y="${hy + hh * 0.42}" width="${hw * 0.1}" height="${hh * 0.58}" fill="#f6f2ea"/>` +
        hill(w, h, 0.8, 0.015, '#8fa374', 1) +
        `<rect x="${w * 0.84}" y="${h * 0.45}" width="${w * 0.02}" height="${h * 0.3}" fill="#6b5140"/>` +
        `<circle cx="${w * 0.85}" cy="${h * 0.42}" r="${h * 0.14}" fill="#7f9a63" filter="url(#soft)"/>` +
        [0.81, 0.87, 0.84, 0.9].map((f, i) => `<circle cx="${w * f}" cy="${h * (0.36 + i * 0.04)}" r="${h * 0.012}" fill="#c4553f"/>`).join('') +
        `<path d="M${hx - w * 0.05} ${h * 0.83} Q ${w * 0.3} ${h * 0.78} ${hx + hw * 0.5} ${h * 0.72}" stroke="#d9cdb5" stroke-width="${h * 0.03}" fill="none"/>` +
        [0.08, 0.16, 0.6, 0.7].map((f) => `<circle cx="${w * f}" cy="${h * 0.77}" r="${h * 0.04}" fill="#6f8a5a" filter="url(#soft)"/>`).join(''),
    ),
  };
}

/** Roses and cosmos in a summer garden, out of focus like a photo taken close. */
export function gardenFlowers(palette: { petals: string[]; leaves: string }, name = 'garden-flowers'): Painting {
  const [w, h] = [1200, 1200];
  let seed = 31;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  let bokeh = '';
  for (let i = 0; i < 26; i++) {
    bokeh += `<circle cx="${Math.round(random() * w)}" cy="${Math.round(random() * h * 0.7)}" r="${Math.round(20 + random() * 60)}" fill="${i % 3 === 0 ? '#f4ead8' : palette.leaves}" opacity="${(0.2 + random() * 0.3).toFixed(2)}" filter="url(#haze)"/>`;
  }
  const flower = (cx: number, cy: number, r: number, colour: string) => {
    let petals = '';
    for (let i = 0; i < 8; i++) {
      const angle = (i * Math.PI) / 4;
      petals += `<ellipse cx="${Math.round(cx + Math.cos(angle) * r * 0.6)}" cy="${Math.round(cy + Math.sin(angle) * r * 0.6)}" rx="${Math.round(r * 0.55)}" ry="${Math.round(r * 0.35)}" transform="rotate(${(i * 45) % 180} ${Math.round(cx + Math.cos(angle) * r * 0.6)} ${Math.round(cy + Math.sin(angle) * r * 0.6)})" fill="${colour}"/>`;
    }
    return `<g filter="url(#soft)">${petals}<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.28)}" fill="#d9a23f"/></g>`;
  };
  const stems = [0.2, 0.42, 0.63, 0.82].map((f, i) => `<path d="M${w * f} ${h} Q ${w * (f + 0.04)} ${h * 0.75} ${w * (f - 0.02)} ${h * (0.45 + (i % 2) * 0.12)}" stroke="#5d7a4a" stroke-width="10" fill="none"/>`).join('');
  const heads = [
    [0.18, 0.45, 120],
    [0.4, 0.57, 95],
    [0.61, 0.42, 135],
    [0.8, 0.58, 100],
    [0.5, 0.3, 70],
  ]
    .map(([x, y, r], i) => flower(Math.round(w * x!), Math.round(h * y!), r!, palette.petals[i % palette.petals.length]!))
    .join('');
  return {
    name,
    width: w,
    height: h,
    svg: svg(w, h, sky('s', '#dfe6d2', '#b9c9a4') + `<rect width="100%" height="100%" fill="url(#s)"/>` + bokeh + stems + heads),
  };
}

/** Head and shoulders against a window's light: a portrait without a stranger's face. */
export function portraitSilhouette(palette: { light: string; back: string; figure: string; collar: string }, name: string): Painting {
  const [w, h] = [1000, 1250];
  const cx = w / 2;
  return {
    name,
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      `<defs><radialGradient id="glow" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.back}"/></radialGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#glow)"/>` +
        `<g filter="url(#soft)">` +
        `<path d="M${cx - w * 0.42} ${h} C ${cx - w * 0.4} ${h * 0.78} ${cx - w * 0.22} ${h * 0.7} ${cx} ${h * 0.69} C ${cx + w * 0.22} ${h * 0.7} ${cx + w * 0.4} ${h * 0.78} ${cx + w * 0.42} ${h} Z" fill="${palette.figure}"/>` +
        `<path d="M${cx - w * 0.085} ${h * 0.5} L ${cx - w * 0.1} ${h * 0.7} L ${cx + w * 0.1} ${h * 0.7} L ${cx + w * 0.085} ${h * 0.5} Z" fill="${palette.figure}"/>` +
        `<ellipse cx="${cx}" cy="${h * 0.39}" rx="${w * 0.175}" ry="${h * 0.17}" fill="${palette.figure}"/>` +
        `<path d="M${cx - w * 0.12} ${h * 0.7} L ${cx} ${h * 0.8} L ${cx + w * 0.12} ${h * 0.7}" stroke="${palette.collar}" stroke-width="${w * 0.02}" fill="none"/>` +
        `</g>` +
        `<ellipse cx="${cx - w * 0.08}" cy="${h * 0.33}" rx="${w * 0.05}" ry="${h * 0.08}" fill="${palette.light}" opacity="0.18" filter="url(#haze)"/>`,
    ),
  };
}

/** A birch-lined lane in the country in early autumn. */
export function countryLane(): Painting {
  const [w, h] = [1400, 1050];
  const trees = [0.12, 0.25, 0.35, 0.65, 0.75, 0.88]
    .map((f, i) => {
      const x = w * f;
      const near = Math.abs(f - 0.5);
      const top = h * (0.5 - near * 0.5);
      return (
        `<rect x="${x - 6 - near * 20}" y="${top}" width="${12 + near * 40}" height="${h * 0.78 - top}" fill="#eee9df"/>` +
        `<circle cx="${x}" cy="${top}" r="${h * (0.08 + near * 0.25)}" fill="${i % 2 ? '#c9a65a' : '#b5a25e'}" opacity="0.9" filter="url(#soft)"/>`
      );
    })
    .join('');
  return {
    name: 'country-lane',
    width: w,
    height: h,
    svg: svg(
      w,
      h,
      sky('s', '#d4dde0', '#efe5cf') +
        `<rect width="100%" height="100%" fill="url(#s)"/>` +
        hill(w, h, 0.55, 0.015, '#b3b98a', 0) +
        `<path d="M${w * 0.47} ${h * 0.55} L ${w * 0.53} ${h * 0.55} L ${w * 0.8} ${h} L ${w * 0.2} ${h} Z" fill="#cdbb97"/>` +
        hill(w, h, 0.78, 0.01, '#99a772', 1, 'opacity="0.0"') +
        trees,
    ),
  };
}
