/**
 * What every AI provider adapter speaks (decision 0033): a leaf module, so the adapters and the
 * layer that chooses them (providers.ts) import it without importing each other.
 */
export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface Prediction {
  id: string;
  status: PredictionStatus;
  /** The made file's address, once succeeded. */
  outputUrl: string | null;
  error: string | null;
  /** What the provider bills by, when it says. */
  predictSeconds: number | null;
  /** The answer as text, for staff (shortened and without keys: see redact). */
  raw: string;
}

export interface PredictionProvider {
  name: string;
  model: string;
  create(input: Record<string, unknown>): Promise<Prediction>;
  get(id: string): Promise<Prediction>;
  cancel(id: string): Promise<void>;
  /** The output file, refused beyond maxBytes. */
  download(url: string, maxBytes: number): Promise<Buffer>;
}

export interface ChatProvider {
  name: string;
  model: string;
  write(messages: { system: string; user: string }): Promise<{ text: string; raw: string }>;
}

/**
 * A provider's failure. Transient ones (no answer, 429, 5xx, an answer we cannot read) are tried
 * again after a while, within bounds; the rest (refused input, a wrong key) end the attempt.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly retryAfterMs: number | null = null,
    readonly raw: string | null = null,
  ) {
    super(message);
  }
}

const RAW_MAX = 2000;

/**
 * A provider's words as staff may see them: every key taken out (a provider may echo the
 * Authorization header in an error), and shortened, since an answer can hold a whole file.
 */
export function redact(text: string, keys: readonly string[]): string {
  let safe = text;
  for (const key of keys) if (key.length >= 4) safe = safe.split(key).join('[nøgle skjult]');
  return safe.length > RAW_MAX ? `${safe.slice(0, RAW_MAX)} …` : safe;
}
