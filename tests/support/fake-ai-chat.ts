/**
 * A fake OpenAI-compatible Chat Completions API on 127.0.0.1, for the song's lyrics. The official
 * client talks to it unchanged: `new OpenAI({ apiKey: fake.key, baseURL: fake.url })`. Only
 * `POST {url}/chat/completions` (with `stream: true` too); see fake-ai.ts for the scripted
 * misbehaviour.
 */
import { randomBytes } from 'node:crypto';
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
import { type ChatMessage, fakeLyrics } from './fake-ai-lyrics';

export interface FakeChatOptions {
  /** The only API key accepted; `sk-fake-…` at random by default. */
  key?: string;
  /** 0 (any free port) by default. */
  port?: number;
  /** How long a 'slow' answer hangs before it answers normally; 30 s by default. */
  slowMs?: number;
  /** The assistant's answer; fakeLyrics(messages) by default. */
  lyrics?: (messages: ChatMessage[], body: Record<string, unknown>) => string;
}

export interface FakeChat {
  /** The base URL for the client, `http://127.0.0.1:PORT/v1`. */
  url: string;
  key: string;
  /** Every request that reached the fake, in order (401s included). */
  requests: RecordedRequest[];
  /** The next answers' behaviours, consumed one per request, and the standing one (see fake-ai.ts). */
  next(mode: RequestMode, options?: { times?: number }): void;
  always(mode: RequestMode | undefined): void;
  reset(): void;
  slowMs: number;
  close(): Promise<void>;
}

const openAiError = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });

export async function startFakeChat(options: FakeChatOptions = {}): Promise<FakeChat> {
  const key = options.key ?? `sk-fake-${randomBytes(12).toString('hex')}`;
  const script = new Script<RequestMode>();
  const requests: RecordedRequest[] = [];
  const lyrics = options.lyrics ?? ((messages) => fakeLyrics(messages));
  // Requests are handled once this function has returned, so `fake` exists by then.
  const listening: Listening = await listen(handle, options.port);
  const fake: FakeChat = {
    url: `http://127.0.0.1:${listening.port}/v1`,
    key,
    requests,
    next: (mode, { times } = {}) => script.next(mode, times === undefined ? {} : { times }),
    always: (mode) => script.always(mode),
    reset: () => script.reset(),
    slowMs: options.slowMs ?? 30_000,
    close: () => listening.close(),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = parseJson(await readText(req));
    requests.push({ method: req.method ?? '', path, body, time: Date.now() });
    res.setHeader('x-request-id', `req_${randomBytes(12).toString('hex')}`);

    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(res, 404, openAiError(`Invalid URL (${req.method} ${path})`, 'invalid_request_error', null));
      return;
    }
    const token = bearer(req);
    if (token !== key) {
      // OpenAI names a wrong key by its ends only; the fake does the same.
      const shown = token ? `${token.slice(0, 3)}***${token.slice(-4)}` : '';
      const message = token ? `Incorrect API key provided: ${shown}.` : "You didn't provide an API key.";
      sendJson(res, 401, openAiError(message, 'invalid_request_error', token ? 'invalid_api_key' : null));
      return;
    }
    const mode = script.take('create');
    if (mode === 'slow' && !(await hold(listening, res, fake.slowMs))) return;
    if (mode === 'rate-limited') {
      sendJson(res, 429, openAiError('Rate limit reached for requests. Please try again in 1s.', 'requests', 'rate_limit_exceeded'), { 'Retry-After': '1' });
      return;
    }
    if (mode === 'server-error') {
      sendJson(res, 500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null));
      return;
    }
    if (mode === 'unavailable') {
      sendJson(res, 503, openAiError('The engine is currently overloaded, please try again later.', 'server_error', null));
      return;
    }
    if (mode === 'garbage') return sendGarbage(res);
    if (mode === 'garbage-json') return sendGarbageJson(res, req);

    const request = (body ?? {}) as Record<string, unknown>;
    if (typeof request.model !== 'string' || !Array.isArray(request.messages) || request.messages.length === 0) {
      const what = typeof request.model !== 'string' ? 'you must provide a model parameter' : "Missing required parameter: 'messages'.";
      sendJson(res, 400, openAiError(what, 'invalid_request_error', null));
      return;
    }
    const messages = request.messages as ChatMessage[];
    const content = lyrics(messages, request);
    const id = `chatcmpl-${randomBytes(15).toString('base64url')}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
    const common = { id, created, model: request.model, system_fingerprint: 'fp_fake', service_tier: 'default' };

    if (request.stream === true) {
      // Server-sent events as OpenAI sends them: the role, the content a line at a time, the stop.
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ ...common, object: 'chat.completion.chunk', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
      for (const piece of content.split(/(?<=\n)/)) res.write(chunk({ content: piece }, null));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
      return;
    }
    sendJson(res, 200, {
      ...common,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
      usage,
    });
  }

  return fake;
}
