/**
 * The fake Stripe's `/v1` HTTP API, as the official library calls it: the secret key in the
 * Authorization header (401 otherwise), the library's pinned API version, form-encoded parameters,
 * JSON answers and Stripe's error shape, and `Idempotency-Key` (the library keys every POST): the
 * same key and parameters answer the first answer again, other parameters are refused.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { EventOrigin, FakeStripeAccount } from './fake-stripe-account';
import { newId } from './fake-stripe-objects';
import { type Params, StripeApiError, decodeForm, onlyKnown, readExpand } from './fake-stripe-params';

export interface ApiContext {
  account: FakeStripeAccount;
  secretKey: string;
  /** Sends events an API call caused; the answer does not wait for them, as Stripe's does not. */
  dispatch(events: Stripe.Event[]): void;
}

interface Answer {
  status: number;
  body: unknown;
}

interface Remembered {
  fingerprint: string;
  answer: Answer;
}

type Route = (match: RegExpMatchArray, params: Params, origin: EventOrigin) => Answer;

export function createApi(context: ApiContext) {
  const { account } = context;
  const remembered = new Map<string, Remembered>();
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const retrieve = (params: Params) => {
    onlyKnown(params, ['expand']);
    return readExpand(params);
  };
  const withEvents = <T extends { events: Stripe.Event[] }>(result: T): T => {
    context.dispatch(result.events);
    return result;
  };

  const routes: Array<[method: string, path: RegExp, route: Route]> = [
    ['POST', /^\/v1\/checkout\/sessions$/, (_, params) => ok(account.present(account.createCheckout(params), readExpand(params)))],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([, id], params) => ok(account.present(account.checkout(id!).session, retrieve(params)))],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([, id], params, origin) => {
        const expand = retrieve(params);
        return ok(account.present(withEvents(account.expireCheckout(id!, origin)).session, expand));
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([, id], params) => ok(account.present(account.subscription(id!), retrieve(params)))],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], params, origin) => ok(account.present(withEvents(account.updateSubscription(id!, params, origin)).subscription, readExpand(params))),
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], params, origin) => ok(account.present(withEvents(account.cancelSubscription(id!, params, origin)).subscription, readExpand(params))),
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ([, id], params) => ok(account.present(account.find(account.invoices, 'invoice', id!), retrieve(params)))],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      ([, id], params) => ok(account.present(account.find(account.paymentIntents, 'payment_intent', id!), retrieve(params))),
    ],
    ['GET', /^\/v1\/charges\/([^/]+)$/, ([, id], params) => ok(account.present(account.find(account.charges, 'charge', id!), retrieve(params)))],
    ['POST', /^\/v1\/refunds$/, (_, params, origin) => ok(account.present(withEvents(account.refund(params, origin)).refund, readExpand(params)))],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, ([, id], params) => ok(account.present(account.find(account.refunds, 'refund', id!), retrieve(params)))],
  ];

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Bearer ')) return header.slice(7) === context.secretKey;
    // `curl -u sk_…:` sends the key as a Basic user name.
    if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString().split(':')[0] === context.secretKey;
    return false;
  }

  function answer(req: IncomingMessage, body: string, requestId: string): Answer {
    if (!authorized(req)) {
      const message = req.headers.authorization ? 'Invalid API Key provided.' : 'You did not provide an API key.';
      return { status: 401, body: { error: { type: 'invalid_request_error', message } } };
    }
    const version = req.headers['stripe-version'];
    if (version !== undefined && version !== Stripe.API_VERSION) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: `The fake Stripe answers only API version ${Stripe.API_VERSION}, not ${String(version)}.` } },
      };
    }
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const found = routes.find(([m, path]) => m === method && path.test(url.pathname));
    if (!found) {
      return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } } };
    }
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (idempotencyKey) {
      const earlier = remembered.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      }
      if (earlier) return earlier.answer;
    }
    try {
      const params = decodeForm(method === 'POST' ? body : url.search.slice(1));
      const result = found[2](url.pathname.match(found[1])!, params, { id: requestId, idempotency_key: idempotencyKey ?? null });
      // Only what succeeded is remembered: Stripe does not save a request that failed validation.
      if (idempotencyKey) remembered.set(idempotencyKey, { fingerprint, answer: result });
      return result;
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const { type, message, code, param } = error;
      return { status: error.status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
    }
  }

  return async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const requestId = newId('req', 14);
    const result = answer(req, Buffer.concat(chunks).toString('utf8'), requestId);
    res.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': Stripe.API_VERSION,
      ...(req.headers['idempotency-key'] ? { 'idempotency-key': req.headers['idempotency-key'] } : {}),
    });
    res.end(JSON.stringify(result.body, null, 2));
  };
}
