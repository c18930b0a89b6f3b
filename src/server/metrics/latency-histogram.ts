/**
 * A compact log-scale histogram of durations in milliseconds, for the back office's "last hour"
 * (last-hour.ts). Prometheus histograms add up for ever and cannot say what the last hour looked
 * like; these are small and fixed in size, so a minute's worth costs the same memory whether one
 * request came or a million, and recording is one logarithm and one increment.
 *
 * Bucket i holds durations up to SMALLEST_MS · 2^(i/STEPS_PER_DOUBLING): each bucket is 19 % wider
 * than the one before, so a percentile read from it is within about ±9 % of the true value. The
 * last bucket takes everything longer.
 */

const SMALLEST_MS = 0.05;
const STEPS_PER_DOUBLING = 4;
/** 0.05 ms · 2^(88/4) ≈ 210 s: past every timeout the server has for an ordinary request. */
export const BUCKETS = 89;

const LOG_STEP = Math.log(2) / STEPS_PER_DOUBLING;

export function bucketOf(ms: number): number {
  if (!(ms > SMALLEST_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / SMALLEST_MS) / LOG_STEP - 1e-9));
}

/** The largest duration bucket i holds. */
export function upperBoundOf(bucket: number): number {
  return SMALLEST_MS * 2 ** (bucket / STEPS_PER_DOUBLING);
}

/** The value a percentile in bucket i is reported as: the middle of its range on a log scale. */
function middleOf(bucket: number): number {
  return bucket === 0 ? SMALLEST_MS : SMALLEST_MS * 2 ** ((bucket - 0.5) / STEPS_PER_DOUBLING);
}

export interface LatencyHistogram {
  counts: Uint32Array;
  total: number;
  /** The longest duration recorded, exactly: a percentile is never reported above it. */
  maxMs: number;
}

export function createHistogram(): LatencyHistogram {
  return { counts: new Uint32Array(BUCKETS), total: 0, maxMs: 0 };
}

export function record(histogram: LatencyHistogram, ms: number): void {
  histogram.counts[bucketOf(ms)]! += 1;
  histogram.total += 1;
  if (ms > histogram.maxMs) histogram.maxMs = ms;
}

/** Adds `from` into `into` (minutes into an hour). */
export function addInto(into: LatencyHistogram, from: LatencyHistogram): void {
  for (let i = 0; i < BUCKETS; i++) into.counts[i]! += from.counts[i]!;
  into.total += from.total;
  if (from.maxMs > into.maxMs) into.maxMs = from.maxMs;
}

/**
 * The duration below which a share q (0.5, 0.95, 0.99) of the recorded ones fall, in ms (nearest
 * rank: the ⌈q·n⌉-th smallest), or null when nothing was recorded.
 */
export function percentile(histogram: LatencyHistogram, q: number): number | null {
  if (histogram.total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * histogram.total));
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram.counts[i]!;
    // The last bucket has no upper end; its only value known for sure is the longest.
    if (seen >= rank) return i === BUCKETS - 1 ? histogram.maxMs : Math.min(middleOf(i), histogram.maxMs);
  }
  return histogram.maxMs;
}
