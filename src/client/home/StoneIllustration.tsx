/**
 * A memorial stone with its small QR plate, a candle and a sprig of green: drawn, not
 * photographed, so it stays calm in both themes (its colours are the theme's variables).
 */
export function StoneIllustration({ className }: { className?: string }) {
  const qr = [
    [0, 0], [2, 0], [4, 1], [3, 2], [0, 3], [2, 3], [4, 3], [1, 4], [3, 4], [4, 5], [2, 5], [0, 5],
  ];
  return (
    <svg viewBox="-20 0 400 380" className={className} role="img" aria-labelledby="stone-title">
      <title id="stone-title">En mindesten med en lille QR-plade og et tændt lys</title>
      <defs>
        <linearGradient id="stone-face" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--stone-light)' }} />
          <stop offset="1" style={{ stopColor: 'var(--stone-dark)' }} />
        </linearGradient>
        <radialGradient id="candle-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#f6c86a" stopOpacity="0.55" />
          <stop offset="0.45" stopColor="#f6c86a" stopOpacity="0.18" />
          <stop offset="1" stopColor="#f6c86a" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="ground" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" style={{ stopColor: 'var(--stone-dark)', stopOpacity: 0.35 }} />
          <stop offset="1" style={{ stopColor: 'var(--stone-dark)', stopOpacity: 0 }} />
        </radialGradient>
      </defs>

      <ellipse cx="180" cy="356" rx="175" ry="20" fill="url(#ground)" />

      {/* The stone */}
      <path d="M80 340V150C80 82 124 40 180 40s100 42 100 110v190Z" fill="url(#stone-face)" />
      <rect x="62" y="336" width="236" height="16" rx="3" style={{ fill: 'var(--stone-dark)' }} />
      <rect x="62" y="336" width="236" height="3" rx="1.5" style={{ fill: 'var(--stone-light)' }} opacity="0.6" />
      <path
        d="M94 336V154c0-58 37-98 86-98s86 40 86 98v182"
        fill="none"
        style={{ stroke: 'var(--stone-line)' }}
        strokeWidth="1.5"
      />
      {/* Engraved lines: a name and dates */}
      <rect x="130" y="104" width="100" height="7" rx="3.5" style={{ fill: 'var(--stone-line)' }} />
      <rect x="146" y="124" width="68" height="5" rx="2.5" style={{ fill: 'var(--stone-line)' }} opacity="0.8" />
      <path d="M166 150h28" style={{ stroke: 'var(--gold)' }} strokeWidth="2" strokeLinecap="round" opacity="0.8" />

      {/* The QR plate */}
      <rect x="144" y="180" width="72" height="72" rx="6" style={{ fill: 'var(--plate)' }} />
      <rect x="144" y="180" width="72" height="72" rx="6" fill="none" style={{ stroke: 'var(--gold)' }} strokeOpacity="0.6" />
      <g style={{ fill: 'var(--plate-ink)' }}>
        {[[152, 188], [188, 188], [152, 224]].map(([x, y]) => (
          <g key={`${x}-${y}`}>
            <rect x={x} y={y} width="20" height="20" rx="2" />
            <rect x={x! + 4} y={y! + 4} width="12" height="12" rx="1" style={{ fill: 'var(--plate)' }} />
            <rect x={x! + 7} y={y! + 7} width="6" height="6" rx="0.5" />
          </g>
        ))}
        {qr.map(([col, row]) => (
          <rect key={`${col}-${row}`} x={178 + col! * 5.6} y={214 + row! * 5.6} width="4.6" height="4.6" rx="0.6" />
        ))}
      </g>

      {/* Candle with its glow */}
      <circle cx="322" cy="270" r="56" fill="url(#candle-glow)" />
      <rect x="308" y="294" width="28" height="58" rx="4" style={{ fill: 'var(--candle)', stroke: 'var(--candle-top)' }} strokeWidth="1.5" />
      <ellipse cx="322" cy="294" rx="14" ry="3.5" style={{ fill: 'var(--candle-top)' }} />
      <path d="M322 264c3 7 8 11 8 18a8 8 0 0 1-16 0c0-7 5-10 8-18Z" fill="#f0b44c" />
      <path d="M322 274c1.5 3.5 3.5 5 3.5 8.5a3.5 3.5 0 0 1-7 0c0-3 2-4.5 3.5-8.5Z" fill="#fff3d6" />
      <path d="M322 290v4" stroke="#4a3a2c" strokeWidth="1.5" strokeLinecap="round" />

      {/* A sprig of green at the foot of the stone */}
      <g style={{ fill: 'var(--leaf)' }} transform="translate(-6 8)">
        <path d="M58 344c4-22 14-40 30-52" fill="none" style={{ stroke: 'var(--leaf)' }} strokeWidth="2" strokeLinecap="round" />
        <path d="M72 318c-12-2-20-10-22-20 12 0 20 8 22 20Z" />
        <path d="M80 302c4-12 12-18 24-18-2 12-10 18-24 18Z" />
        <path d="M66 334c-12 0-20-6-24-16 12-2 20 4 24 16Z" />
        <path d="M74 328c6-10 14-14 24-12-4 10-12 14-24 12Z" />
      </g>
    </svg>
  );
}
