/**
 * The one way the client talks to the API (SPEC.md §7 and §8): JSON both ways, cookies included,
 * query parameters as a query string, and an empty or 204 answer counted as success. A refused
 * request throws an ApiError carrying the server's Danish message and, for a 409, the fields that
 * were taken (`duplicates`), so a form can show the message on the right field.
 */
import type { DuplicateField } from '@/shared/auth';
import { UNKNOWN_SERVER_ERROR } from '@/shared/errors';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly duplicates: DuplicateField[] | undefined;

  constructor(message: string, status: number, extra: { field?: string; duplicates?: DuplicateField[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = extra.field;
    this.duplicates = extra.duplicates;
  }
}

/** Shown when the request never reached the server (no network, server down). */
export const NETWORK_ERROR = 'Der er ingen forbindelse til Mindested. Tjek din internetforbindelse, og prøv igen.';

export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The cache-busting timestamp the user, login, register and logout calls carry (SPEC.md §7). */
export const timestamp = () => ({ t: Date.now() });

interface RequestOptions {
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.params), {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }

  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  const data = parseJson(text);

  if (!response.ok) throw toApiError(response, data);
  return (text === '' ? null : data) as T;
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : response.statusText
        ? `Error ${response.status}: ${response.statusText}`
        : UNKNOWN_SERVER_ERROR;
  return new ApiError(message, response.status, {
    field: typeof body.field === 'string' ? body.field : undefined,
    duplicates: Array.isArray(body.duplicates) ? (body.duplicates as DuplicateField[]) : undefined,
  });
}

/** The message to show a person for anything a request threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_SERVER_ERROR;
}
