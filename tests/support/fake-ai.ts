/**
 * Local fakes of the AI extras' two providers, for tests (ARCHITECTURE.md: mock only third
 * parties, at the HTTP boundary). Each is a node:http server on 127.0.0.1 that the official client
 * talks to unchanged; one of each per test file.
 *
 *   const chat = await startFakeChat();            // OpenAI-compatible Chat Completions
 *   new OpenAI({ apiKey: chat.key, baseURL: chat.url })
 *   const models = await startFakePredictions({ output: () => ({ bytes, contentType: 'video/webm' }) });
 *   new Replicate({ auth: models.key, baseUrl: models.url })
 *
 * Not `fileEncodingStrategy: 'data-uri'`: in replicate 1.4.0 it is broken in a dangerous way
 * (lib/util.js calls transformFileInputsToBase64EncodedDataURIs(client, inputs), a function of
 * one parameter, so it encodes the client: the request's `input` becomes the client's fields,
 * `auth` (the API token) among them, and the real input is lost, whatever it held, strings
 * too). Leave the strategy at its default and pass a picture as a data URI string made by the
 * caller: the default only uploads Blobs and Buffers (to /v1/files, which the fake does not
 * serve), so strings go as they are. The fake refuses any input that carries its key with a 422,
 * so the mistake fails a test instead of leaking.
 *
 * Scripted misbehaviour: `fake.next(mode, { times?, on? })` queues it for the next request(s)
 * (`on`: 'create' | 'get' | 'cancel', predictions only), `fake.always(mode)` until `fake.reset()`.
 *   'rate-limited'  429 with `Retry-After: 1` and the provider's error body
 *   'server-error'  500 with the provider's error body
 *   'unavailable'   503 with the provider's error body
 *   'garbage'       200 text/html, not JSON (the openai client hands back the page as a string;
 *                   replicate's throws a SyntaxError from response.json())
 *   'garbage-json'  200 JSON without the fields the API promises, carrying the Authorization
 *                   header it received (`echoed_authorization`): a test can look for the key
 *   'slow'          holds the answer `fake.slowMs` (30 s by default) and then answers normally
 *   'fail'          (predictions) the next prediction ends 'failed' with an `error` string
 *   'not-media'     (predictions) the next prediction's file is an HTML page served under the
 *                   media's Content-Type
 * A 401 (wrong or no key) comes before any of them and consumes none.
 *
 * The official clients retry on their own; a test of the server's handling must outlast them:
 * - openai: maxRetries 2 by default, on 408, 409, 429 and 5xx and on connection errors, waiting
 *   what Retry-After says (1 s here) or 0.5 s, 1 s…; `maxRetries: 0` to see the first error.
 * - replicate 1.4: on 429 for every request and on 5xx for GETs only (not a create's or a
 *   cancel's POST), 6 attempts in all, back to back without waiting (its back-off never sleeps:
 *   the delay it computes is never an integer), and on a network error or an abort alike. So
 *   `next('rate-limited')` alone is invisible to it; `next('rate-limited', { times: 6 })` or
 *   `always('rate-limited')` reaches the caller as an ApiError with `response.status` 429.
 *   It has no timeout of its own: 'slow' needs the caller's `signal`.
 */
export { type FakeChat, type FakeChatOptions, startFakeChat } from './fake-ai-chat';
export { type RecordedRequest, REQUEST_MODES, type RequestMode } from './fake-ai-http';
export { fakeLyrics } from './fake-ai-lyrics';
export {
  type CreatedPrediction,
  type FakeOutput,
  type FakePredictions,
  type FakePredictionsOptions,
  type FakeStats,
  inputKey,
  type PredictionInput,
  type PredictionMode,
  type PredictionRoute,
  startFakePredictions,
} from './fake-ai-predictions';
