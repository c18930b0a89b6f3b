/**
 * A fake of Replicate's predictions API on 127.0.0.1, for the greeting's video and the song's
 * music. The official client talks to it unchanged:
 * `new Replicate({ auth: fake.key, baseUrl: fake.url, fileEncodingStrategy: 'data-uri' })`.
 *
 * A prediction's status follows the wall clock from its creation: 'starting' for the first fifth
 * of its duration, then 'processing', then 'succeeded' (or 'failed', when scripted) with its
 * output a URL on the fake itself, which serves the bytes without a key, as Replicate's delivery
 * URLs do. See fake-ai.ts for the scripted misbehaviour.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Listening,
  type RecordedRequest,
  type RequestMode,
  Script,
  bearer,
  hold,
  listen,
  parseJson,
  readText,
  sendGarbage,
  sendGarbageJson,
  sendJson,
} from './fake-ai-http';

export type PredictionMode = 'fail' | 'not-media';
export type PredictionRoute = 'create' | 'get' | 'cancel';
export type PredictionInput = Record<string, unknown>;

export interface FakeOutput {
  bytes: Buffer;
  contentType: string;
  /** The file's extension in its URL; from the content type by default. */
  ext?: string;
}

export interface FakePredictionsOptions {
  /** What a prediction makes; called once per prediction, when it is created. */
  output: (input: PredictionInput, model: string) => FakeOutput | Promise<FakeOutput>;
  /** How long a prediction takes; 300 ms by default. */
  durationMs?: number | ((input: PredictionInput) => number);
  /** `output` as `[url]`, as models that return a list of files do; a plain URL by default. */
  outputAsArray?: boolean;
  /** The only API token accepted; `r8_fake…` at random by default. */
  key?: string;
  /** 0 (any free port) by default. */
  port?: number;
  /** How long a 'slow' answer hangs before it answers normally; 30 s by default. */
  slowMs?: number;
}

export interface CreatedPrediction {
  id: string;
  /** "owner/name", or the version's id for a POST /v1/predictions. */
  model: string;
  version: string;
  input: PredictionInput;
  /** Date.now() at creation. */
  time: number;
}

export interface FakePredictions {
  /** The base URL for the client, `http://127.0.0.1:PORT/v1`. */
  url: string;
  key: string;
  /** Every request that reached the fake, in order (401s and file downloads included). */
  requests: RecordedRequest[];
  /** Every prediction created, in order. */
  creates: CreatedPrediction[];
  /**
   * The next behaviours. A request mode is used by the next API request (of the `on` route only,
   * when given); 'fail' and 'not-media' by the next prediction created.
   */
  next(mode: RequestMode | PredictionMode, options?: { times?: number; on?: PredictionRoute }): void;
  always(mode: RequestMode | PredictionMode | undefined): void;
  reset(): void;
  slowMs: number;
  /** How many predictions were made for each input; also served as `GET /_fake/stats` (no key). */
  stats(): FakeStats;
  close(): Promise<void>;
}

export interface FakeStats {
  creates: number;
  /** Predictions created for an input that had been asked for before. */
  duplicates: number;
  /** Predictions per input: its `message` or `prompt`, or else `sha256:` of the whole input. */
  byInput: Record<string, number>;
}

/** What makes two predictions "the same": the text they were asked to make something of. */
export function inputKey(input: PredictionInput): string {
  for (const field of ['message', 'prompt'] as const) if (typeof input[field] === 'string') return input[field];
  return `sha256:${createHash('sha256').update(JSON.stringify(input)).digest('hex')}`;
}

interface Prediction extends CreatedPrediction {
  durationMs: number;
  mode: PredictionMode | undefined;
  output: Promise<FakeOutput | Error>;
  canceledAt: number | undefined;
}

const EXTENSIONS: Record<string, string> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
const NOT_MEDIA = Buffer.from('<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Something went wrong</h1></body></html>');
const PREDICTION_MODES: readonly string[] = ['fail', 'not-media'];

/** Replicate's errors are problem details: `{ title, detail, status }`. */
const problem = (res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
  sendJson(res, status, { title, detail, status }, headers);

export async function startFakePredictions(options: FakePredictionsOptions): Promise<FakePredictions> {
  const key = options.key ?? `r8_fake${randomBytes(16).toString('hex')}`;
  const requestScript = new Script<RequestMode, PredictionRoute>();
  const predictionScript = new Script<PredictionMode>();
  const requests: RecordedRequest[] = [];
  const creates: CreatedPrediction[] = [];
  const predictions = new Map<string, Prediction>();
  // Requests are handled once this function has returned, so `fake` exists by then.
  const listening: Listening = await listen(handle, options.port);
  const base = `http://127.0.0.1:${listening.port}`;

  const isPredictionMode = (mode: string): mode is PredictionMode => PREDICTION_MODES.includes(mode);
  const fake: FakePredictions = {
    url: `${base}/v1`,
    key,
    requests,
    creates,
    next(mode, { times, on } = {}) {
      if (isPredictionMode(mode)) predictionScript.next(mode, times === undefined ? {} : { times });
      else requestScript.next(mode, { ...(times === undefined ? {} : { times }), ...(on ? { on } : {}) });
    },
    always(mode) {
      if (mode === undefined) {
        requestScript.always(undefined);
        predictionScript.always(undefined);
      } else if (isPredictionMode(mode)) predictionScript.always(mode);
      else requestScript.always(mode);
    },
    reset() {
      requestScript.reset();
      predictionScript.reset();
    },
    slowMs: options.slowMs ?? 30_000,
    stats() {
      const byInput: Record<string, number> = {};
      for (const { input } of creates) byInput[inputKey(input)] = (byInput[inputKey(input)] ?? 0) + 1;
      return { creates: creates.length, duplicates: creates.length - Object.keys(byInput).length, byInput };
    },
    close: () => listening.close(),
  };

  const durationOf = (input: PredictionInput) => (typeof options.durationMs === 'function' ? options.durationMs(input) : (options.durationMs ?? 300));

  /** The prediction as the API shows it now, or as just created (`fresh`). */
  async function present(p: Prediction, fresh = false): Promise<object> {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const startsAt = p.time + Math.round(p.durationMs / 5);
    const endsAt = p.time + p.durationMs;
    const shown = {
      id: p.id,
      model: p.model,
      version: p.version,
      input: p.input,
      source: 'api',
      logs: '',
      output: null as unknown,
      data_removed: false,
      error: null as string | null,
      status: 'starting',
      created_at: iso(p.time),
      started_at: null as string | null,
      completed_at: null as string | null,
      urls: { get: `${base}/v1/predictions/${p.id}`, cancel: `${base}/v1/predictions/${p.id}/cancel` },
      metrics: {} as Record<string, number>,
    };
    if (fresh) return shown;
    const stoppedAt = p.canceledAt ?? Infinity;
    if (Math.min(now, stoppedAt) >= startsAt) {
      shown.status = 'processing';
      shown.started_at = iso(startsAt);
      shown.logs = 'Loading the model…\nGenerating…\n';
    }
    if (p.canceledAt !== undefined && p.canceledAt < endsAt) {
      return { ...shown, status: 'canceled', completed_at: iso(p.canceledAt) };
    }
    if (now < endsAt) return shown;
    const output = await p.output;
    const completed = { ...shown, started_at: iso(startsAt), completed_at: iso(endsAt), metrics: { predict_time: (endsAt - startsAt) / 1000, total_time: p.durationMs / 1000 } };
    if (p.mode === 'fail' || output instanceof Error) {
      const error = output instanceof Error ? output.message : 'CUDA out of memory. Tried to allocate 2.00 GiB';
      return { ...completed, status: 'failed', error, logs: `${shown.logs}Traceback (most recent call last):\n  …\n${error}\n` };
    }
    const url = `${base}/files/${p.id}.${output.ext ?? EXTENSIONS[output.contentType.split(';')[0]!.trim()] ?? 'bin'}`;
    return { ...completed, status: 'succeeded', output: options.outputAsArray ? [url] : url, logs: `${shown.logs}Done.\n` };
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const p = predictions.get(name.replace(/\.[^.]*$/, ''));
    const output = p && Date.now() >= p.time + p.durationMs && p.canceledAt === undefined ? await p.output : undefined;
    if (!p || !output || output instanceof Error || p.mode === 'fail') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    // 'not-media': the file claims to be what was asked for and is a web page, as a CDN's error
    // page can be. Whoever downloads it must look at the bytes, not the header.
    const bytes = p.mode === 'not-media' ? NOT_MEDIA : output.bytes;
    res.writeHead(200, { 'Content-Type': output.contentType, 'Content-Length': bytes.length });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  async function create(req: IncomingMessage, res: ServerResponse, model: string | undefined, body: unknown): Promise<void> {
    const request = body as { input?: unknown; version?: unknown } | undefined;
    if (!request || typeof request !== 'object') return problem(res, 400, 'Invalid request', 'The request body is not valid JSON.');
    if (!request.input || typeof request.input !== 'object' || Array.isArray(request.input)) {
      return problem(res, 422, 'Input validation failed', '- input: input is required');
    }
    if (!model && typeof request.version !== 'string') return problem(res, 422, 'Input validation failed', '- version: version is required');
    // The fake's own check, not Replicate's: an input carrying the API token is a leak (the token
    // would be stored with the prediction and shown on its web page). replicate 1.4's
    // `fileEncodingStrategy: 'data-uri'` does exactly that: it sends the client itself, `auth`
    // and all, as the input, and drops the real one.
    if (JSON.stringify(request.input).includes(key)) {
      return problem(res, 422, 'Input validation failed', '- input: the input carries the API token (the fake refuses it; see fake-ai.ts)');
    }
    const input = request.input as PredictionInput;
    const versionId = typeof request.version === 'string' ? request.version : createHash('sha256').update(model!).digest('hex');
    const p: Prediction = {
      id: randomId(),
      model: model ?? versionId.split(':')[0]!,
      version: versionId,
      input,
      time: Date.now(),
      durationMs: durationOf(input),
      mode: predictionScript.take('create'),
      output: Promise.resolve()
        .then(() => options.output(input, model ?? versionId))
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      canceledAt: undefined,
    };
    predictions.set(p.id, p);
    creates.push({ id: p.id, model: p.model, version: p.version, input, time: p.time });
    // `Prefer: wait=n` holds the answer until the prediction is done, for up to n seconds.
    const wait = /^wait(?:=(\d+))?$/.exec(String(req.headers.prefer ?? ''));
    if (wait && !(await hold(listening, res, Math.min(p.durationMs + 10, Number(wait[1] ?? 60) * 1000)))) return;
    sendJson(res, 201, await present(p, !wait));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = parseJson(await readText(req));
    requests.push({ method: req.method ?? '', path, body, time: Date.now() });

    const file = /^\/files\/([^/]+)$/.exec(path);
    if (file && (req.method === 'GET' || req.method === 'HEAD')) return serveFile(req, res, file[1]!);
    if (req.method === 'GET' && path === '/_fake/stats') return sendJson(res, 200, fake.stats());

    const modelCreate = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(path);
    const one = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    let route: PredictionRoute | undefined;
    if (req.method === 'POST' && (modelCreate || path === '/v1/predictions')) route = 'create';
    else if (req.method === 'GET' && one && !one[2]) route = 'get';
    else if (req.method === 'POST' && one?.[2]) route = 'cancel';
    if (!route) return problem(res, 404, 'Not found', 'The requested resource could not be found.');

    if (bearer(req) !== key) return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
    const mode = requestScript.take(route);
    if (mode === 'slow' && !(await hold(listening, res, fake.slowMs))) return;
    if (mode === 'rate-limited') return problem(res, 429, 'Request was throttled', 'Request was throttled. Expected available in 1 second.', { 'Retry-After': '1' });
    if (mode === 'server-error') return problem(res, 500, 'Internal server error', 'An unexpected error occurred.');
    if (mode === 'unavailable') return problem(res, 503, 'Service unavailable', 'The service is temporarily unavailable. Please try again.');
    if (mode === 'garbage') return sendGarbage(res);
    if (mode === 'garbage-json') return sendGarbageJson(res, req);

    if (route === 'create') return create(req, res, modelCreate?.[1], body);
    const p = predictions.get(one![1]!);
    if (!p) return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    if (route === 'cancel' && Date.now() < p.time + p.durationMs && p.canceledAt === undefined) p.canceledAt = Date.now();
    sendJson(res, 200, await present(p));
  }

  return fake;
}

/** Like Replicate's ids: 26 characters of lower-case letters and digits. */
function randomId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(26)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
