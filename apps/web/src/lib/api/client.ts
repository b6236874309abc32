import {
  type CallBody,
  type CallData,
  type CallParams,
  type CallQuery,
  type CallSchemas,
  type CallUpload,
  fillPath,
  type Route,
  type SchemasOf,
} from '@fieldhouse/contract/call';
import { CSRF_COOKIE, CSRF_HEADER } from '@fieldhouse/contract/texts/common';
import { type Camel, camelKey, toCamel, toSnake } from '../case-codec';
import { readCookie } from '../cookies';
import { ApiError, errorText, type FieldErrors } from './errors';

export { ApiError, isApiError, serverMessageOr } from './errors';
export type { Camel };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** camelCase query parameters; sent snake_case, empty values dropped. */
  query?: Record<string, QueryValue>;
  /** camelCase body; sent as snake_case JSON. A FormData body (multipart uploads) is sent as it is: its keys are
   * the wire's own (snake_case) and the browser sets the multipart content type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Let a 401 come back as an ApiError instead of clearing state and reloading (GET auth/user). */
  allowUnauthorised?: boolean;
}

const API_BASE = '/api';

let onUnauthorised: () => void = () => window.location.reload();

/** The shell installs the 401 behaviour: clear client state, then reload the page. */
export function setUnauthorisedHandler(handler: () => void): void {
  onUnauthorised = handler;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(
      key.replace(/([A-Z])/g, (c) => `_${c.toLowerCase()}`),
      String(value),
    );
  }
  const qs = params.toString();
  return `${base}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toFieldErrors(errors: unknown): FieldErrors {
  if (!errors || typeof errors !== 'object') return {};
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    // Nested keys like "items.0.name" keep their dots; each segment is camel-cased.
    out[key.split('.').map(camelKey).join('.')] = list;
  }
  return out;
}

/**
 * The one HTTP client of the web app. Unwraps `{ data }`, converts keys (snake_case on the wire,
 * camelCase in the app), adds the CSRF header to writes and maps errors to the spec's texts.
 * `W` is the wire (snake_case) type from the contract; the result is its camelCase form.
 */
export async function apiRequest<W>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Camel<W>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.body === undefined
          ? undefined
          : isFormData
            ? (options.body as FormData)
            : JSON.stringify(toSnake(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, errorText(0, null));
  }

  const payload = (await readJson(response)) as {
    data?: unknown;
    message?: unknown;
    errors?: unknown;
    code?: unknown;
  } | null;

  if (response.ok) return toCamel((payload?.data ?? null) as W);

  const serverMessage = typeof payload?.message === 'string' ? payload.message : null;
  if (response.status === 401 && !options.allowUnauthorised) onUnauthorised();
  throw new ApiError(
    response.status,
    errorText(response.status, serverMessage),
    serverMessage,
    response.status === 422 ? toFieldErrors(payload?.errors) : {},
    typeof payload?.code === 'string' ? payload.code : null,
  );
}

export const api = {
  get: <W>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<W>('GET', path, options),
  post: <W>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<W>('POST', path, { ...options, body: body ?? {} }),
  put: <W>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<W>('PUT', path, { ...options, body }),
  patch: <W>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<W>('PATCH', path, { ...options, body }),
  delete: <W>(path: string, options?: RequestOptions) => apiRequest<W>('DELETE', path, options),
};

/**
 * What a declared call takes (decision 043): its path parameters, camelCase query and body or, for an upload, its
 * parts keyed as on the wire, and request options.
 */
export type CallOptions<S extends CallSchemas> = ([CallParams<S>] extends [never]
  ? { params?: never }
  : { params: CallParams<S> }) &
  ([CallQuery<S>] extends [never] ? { query?: never } : { query?: Camel<CallQuery<S>> }) &
  ([CallBody<S>] extends [never] ? { body?: never } : { body: Camel<CallBody<S>> }) &
  ([CallUpload<S>] extends [never] ? { upload?: never } : { upload: CallUpload<S> }) &
  Pick<RequestOptions, 'signal' | 'allowUnauthorised'>;

type OptionalIfEmpty<S extends CallSchemas> = [CallParams<S>] extends [never]
  ? [CallBody<S>] extends [never]
    ? [CallUpload<S>] extends [never]
      ? [options?: CallOptions<S>]
      : [options: CallOptions<S>]
    : [options: CallOptions<S>]
  : [options: CallOptions<S>];

/** An upload's parts as multipart form data: text fields as text, files as they are, empty parts left out. */
function toFormData(upload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(upload)) {
    if (value === null || value === undefined) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

/**
 * Calls a declared call (decision 043): method and path from the contract's route table, the request and the reply
 * typed from its schemas, e.g. `call(waitlistRoutes.joinWaitlist, { body: { sessionId } })`. The reply is the
 * camelCase `data`, as with `api`.
 */
export function call<R extends Route>(
  route: R,
  ...[options]: OptionalIfEmpty<SchemasOf<R>>
): Promise<Camel<CallData<SchemasOf<R>>>> {
  const { params, query, body, upload, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
    upload?: Record<string, unknown>;
  } & Pick<RequestOptions, 'signal' | 'allowUnauthorised'>;
  return apiRequest<CallData<SchemasOf<R>>>(route.method, fillPath(route.path, params), {
    ...rest,
    query,
    body: upload ? toFormData(upload) : body === undefined && route.method === 'POST' ? {} : body,
  });
}
