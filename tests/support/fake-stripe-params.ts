/**
 * The fake Stripe's reading of request parameters: Stripe's form encoding (`a[b][0][c]=v`, as the
 * official library sends it in a POST body, or in the query of a GET or DELETE) decoded to nested
 * objects, and read the way Stripe reads them, with Stripe's errors for a parameter that is
 * missing, malformed or unknown. Unknown parameters are refused, as Stripe refuses them, so a typo
 * in the server's call fails in a test instead of being silently ignored.
 */

export type Params = { [key: string]: Param };
export type Param = string | Params;

/** An answer in Stripe's error shape; the API layer sends it as `{ error: { type, message, code, param } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' = 'invalid_request_error',
  ) {
    super(message);
  }
}

/** Decodes `application/x-www-form-urlencoded` text (or a query string) to nested objects. */
export function decodeForm(text: string): Params {
  // No prototype, so a parameter named __proto__ is just a name.
  const root: Params = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const path = splitName(name);
    let node = root;
    path.forEach((segment, i) => {
      // `expand[]=a&expand[]=b` appends, as `expand[0]=a&expand[1]=b` (the library's own form) does.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'string') throw new StripeApiError(400, `Invalid object: ${name}`, 'parameter_invalid_string', name);
      node = node[key] = next ?? Object.create(null);
    });
  }
  return root;
}

function splitName(name: string): string[] {
  const open = name.indexOf('[');
  if (open < 0) return [name];
  const rest = name.slice(open);
  if (!/^(\[[^[\]]*\])+$/.test(rest)) throw new StripeApiError(400, `Invalid parameter name: ${name}`, 'parameter_unknown', name);
  return [name.slice(0, open), ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
}

/** `line_items[0][price_data]`: the path Stripe names in its errors. */
export const at = (path: string, key: string | number) => (path ? `${path}[${key}]` : String(key));

/** Refuses any parameter of `params` not in `known`, as Stripe does. */
export function onlyKnown(params: Params, known: readonly string[], path = ''): void {
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) {
      throw new StripeApiError(400, `Received unknown parameter: ${at(path, key)}`, 'parameter_unknown', at(path, key));
    }
  }
}

export function optionalString(params: Params, key: string, path = ''): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new StripeApiError(400, `Invalid string: ${at(path, key)}`, 'parameter_invalid_string', at(path, key));
  return value;
}

export function requiredString(params: Params, key: string, path = ''): string {
  const value = optionalString(params, key, path);
  if (value === undefined || value === '') {
    throw new StripeApiError(400, `Missing required param: ${at(path, key)}.`, 'parameter_missing', at(path, key));
  }
  return value;
}

export function optionalObject(params: Params, key: string, path = ''): Params | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') throw new StripeApiError(400, `Invalid object: ${at(path, key)}`, 'parameter_invalid_string', at(path, key));
  return value;
}

export function requiredObject(params: Params, key: string, path = ''): Params {
  const value = optionalObject(params, key, path);
  if (value === undefined) throw new StripeApiError(400, `Missing required param: ${at(path, key)}.`, 'parameter_missing', at(path, key));
  return value;
}

export function optionalInteger(params: Params, key: string, path = ''): number | undefined {
  const value = optionalString(params, key, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new StripeApiError(400, `Invalid integer: ${value}`, 'parameter_invalid_integer', at(path, key));
  }
  return Number(value);
}

export function optionalBoolean(params: Params, key: string, path = ''): boolean | undefined {
  const value = optionalString(params, key, path);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new StripeApiError(400, `Invalid boolean: ${value}`, 'parameter_invalid_boolean', at(path, key));
  }
  return value === 'true';
}

export function optionalEnum<T extends string>(params: Params, key: string, values: readonly T[], path = ''): T | undefined {
  const value = optionalString(params, key, path);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    throw new StripeApiError(400, `Invalid ${at(path, key)}: must be one of ${values.join(', ')}`, 'parameter_invalid_string', at(path, key));
  }
  return value as T;
}

/** An array parameter (`x[0]`, `x[1]`, …) as its elements in order. */
export function optionalList(params: Params, key: string, path = ''): Param[] | undefined {
  const value = optionalObject(params, key, path);
  if (value === undefined) return undefined;
  const indexes = Object.keys(value);
  if (!indexes.every((i) => /^\d+$/.test(i))) {
    throw new StripeApiError(400, `Invalid array: ${at(path, key)}`, 'parameter_invalid_array', at(path, key));
  }
  return indexes.sort((a, b) => Number(a) - Number(b)).map((i) => value[i] as Param);
}

/**
 * `metadata[...]` with Stripe's limits (50 keys, keys up to 40 characters, values up to 500). When
 * updating, an empty value unsets its key (`null` here), as Stripe's does.
 */
export function readMetadata(params: Params, key: string, path = ''): Record<string, string> | undefined {
  const value = optionalObject(params, key, path);
  if (value === undefined) return undefined;
  const entries = Object.entries(value);
  if (entries.length > 50) throw new StripeApiError(400, `Invalid ${at(path, key)}: at most 50 keys`, 'parameter_invalid_metadata', at(path, key));
  for (const [name, v] of entries) {
    if (typeof v !== 'string') throw new StripeApiError(400, `Invalid string: ${at(at(path, key), name)}`, 'parameter_invalid_string', at(at(path, key), name));
    if (name.length > 40) throw new StripeApiError(400, `Metadata keys can have up to 40 characters: ${name}`, 'parameter_invalid_metadata', at(path, key));
    if (v.length > 500) throw new StripeApiError(400, `Metadata values can have up to 500 characters (${name})`, 'parameter_invalid_metadata', at(path, key));
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The `expand` parameter as a list of dotted paths. */
export function readExpand(params: Params): string[] {
  return (optionalList(params, 'expand') ?? []).map((e, i) => {
    if (typeof e !== 'string') throw new StripeApiError(400, `Invalid string: expand[${i}]`, 'parameter_invalid_string', `expand[${i}]`);
    return e;
  });
}
