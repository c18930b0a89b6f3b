/**
 * A hosted-model prediction API of Replicate's kind, through its official client: create a
 * prediction (POST /models/{owner}/{name}/predictions, or /predictions with a version), read it
 * (GET /predictions/{id}) until it has succeeded, failed or been canceled, then fetch the file its
 * output names. AI_*_MODEL is "owner/name" or "owner/name:version".
 */
import Replicate from 'replicate';
import { z } from 'zod';
import { type Prediction, type PredictionProvider, ProviderError } from './provider-types';

const DOWNLOAD_TIMEOUT_MS = 120_000;

const predictionJson = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  metrics: z.object({ predict_time: z.number().optional() }).partial().nullish(),
});

/** `timeoutMs`: one call to the provider; the job looks again later rather than wait on a slow answer. */
export function createPredictionProvider(options: { url: string; key: string; model: string; timeoutMs: number; hide: (text: string) => string }): PredictionProvider {
  const { url, model, hide, timeoutMs } = options;
  // The portrait goes inside the request as a data: URI string, which the client sends as it is.
  // Not fileEncodingStrategy 'data-uri': in replicate 1.4.0 it encodes the client instead of the
  // input (lib/util.js), which would send the API key as the model's input.
  const client = new Replicate({ auth: options.key, baseUrl: url, useFileOutput: false });
  const [name, version] = model.split(':');
  const providerHost = new URL(url).host;

  function read(answer: unknown): Prediction {
    // Each string loses its keys before it is shortened, so no cut leaves part of a key behind.
    const raw = hide(JSON.stringify(answer ?? null, (_key, value: unknown) => (typeof value === 'string' ? shortened(hide(value)) : value)));
    const parsed = predictionJson.safeParse(answer);
    if (!parsed.success) throw new ProviderError('Udbyderens svar kunne ikke læses.', true, null, raw);
    const { id, status, output, error, metrics } = parsed.data;
    const first = Array.isArray(output) ? output[0] : output;
    return {
      id,
      status: status === 'aborted' ? 'canceled' : status,
      outputUrl: typeof first === 'string' ? first : null,
      error: error == null ? null : hide(typeof error === 'string' ? error : JSON.stringify(error)),
      predictSeconds: metrics?.predict_time ?? null,
      raw,
    };
  }

  async function call<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await work(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      throw asProviderError(error, hide);
    }
  }

  return {
    name: `predictions:${providerHost}`,
    model,
    async create(input) {
      const answer = await call((signal) =>
        client.predictions.create(version ? { version, input, signal } : { model: name!, input, signal }),
      );
      return read(answer);
    },
    async get(id) {
      return read(await call((signal) => client.predictions.get(id, { signal })));
    },
    async cancel(id) {
      await call((signal) => client.predictions.cancel(id, { signal }));
    },
    async download(address, maxBytes) {
      const target = new URL(address);
      // Only a file the provider serves: https, or its own address (a provider on a private network).
      if (target.protocol !== 'https:' && target.host !== providerHost) throw new ProviderError('Udbyderen pegede på en fil et sted, vi ikke henter fra.', false, null, hide(address));
      let response: Response;
      try {
        response = await fetch(target, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
      } catch (error) {
        throw asProviderError(error, hide);
      }
      if (!response.ok) throw new ProviderError(`Filen kunne ikke hentes (HTTP ${response.status}).`, response.status === 429 || response.status >= 500, null, null);
      return readCapped(response, maxBytes);
    },
  };
}

/**
 * The answer as staff read it: a prediction echoes its input, the portrait's data: URI among it,
 * which would push the provider's own words out of what is kept.
 */
function shortened(value: string): string {
  return value.length > 200 ? `${value.slice(0, 60)}… (${value.length} tegn)` : value;
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ProviderError('Filen fra udbyderen er for stor.', false);
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    size += chunk.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ProviderError('Filen fra udbyderen er for stor.', false);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The client's errors, sorted into what is worth trying again. */
function asProviderError(error: unknown, hide: (text: string) => string): ProviderError {
  if (error instanceof ProviderError) return error;
  const response = (error as { response?: Response }).response;
  const message = hide(error instanceof Error ? error.message : String(error));
  if (response instanceof Response) {
    const status = response.status;
    const retryAfter = Number(response.headers.get('retry-after'));
    return new ProviderError(`Udbyderen svarede HTTP ${status}.`, status === 429 || status >= 500, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null, message);
  }
  // No answer in time, a refused connection, or a body that was not JSON: all worth another try.
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new ProviderError(timedOut ? 'Udbyderen svarede ikke i tide.' : 'Udbyderen kunne ikke nås eller svarede uforståeligt.', true, null, message);
}
