import type { z } from 'zod';
import { apiErrorSchema, errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { loadingStore } from '../loading/loading-store';
import { signOut } from '../session/sign-out';
import { tokenStore } from '../session/session-store';
import { ApiError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as multipart when it is a `FormData` (the browser sets the boundary). */
  body?: unknown;
  /** Validates and types the response body. */
  schema?: z.ZodType<T>;
  /** Keeps the global loading indicator hidden for this call. */
  silent?: boolean;
  /** For the sign-in and first-account calls: a 401 there is an answer, not a lost session. */
  keepSessionOnAuthError?: boolean;
  /** Sends this token instead of the stored one (the hand-off reads who a new token is); a 401 then never signs out. */
  token?: string;
  signal?: AbortSignal;
}

export const networkErrorMessage = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
export const invalidResponseMessage = 'O servidor enviou uma resposta inesperada.';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An error body whose `details` is not a field list (e.g. `{flows}`): message and code still count. */
const errorHeadSchema = apiErrorSchema.omit({ details: true });

function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { message, code, details } = parsed.data;
    return new ApiError(status, message, code, details, body);
  }
  const head = errorHeadSchema.safeParse(body);
  if (head.success) return new ApiError(status, head.data.message, head.data.code, undefined, body);
  const fallback =
    status === 401
      ? messages.generic.unauthorized
      : status === 403
        ? messages.generic.forbidden
        : status === 404
          ? messages.generic.notFound
          : messages.generic.internal;
  return new ApiError(status, fallback);
}

/** A 403 of the caller's role (docs/adr/0106): the session stays, the message is shown. */
function refusedByRole(payload: unknown): boolean {
  return (payload as { code?: unknown } | null)?.code === errorCodes.roleDenied;
}

/**
 * Every call to the Ponte server: bearer token from localStorage, JSON in (multipart for a
 * `FormData` body) and out, errors as ApiError with the server's pt-BR message. A 401 or 403
 * of the token still stored signs out.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', query, body, schema, silent, keepSessionOnAuthError, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  if (!silent) loadingStore.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, networkErrorMessage, 'network_error');
    }

    const payload = await readBody(response);
    if (!response.ok) {
      // Only a refusal of the stored token ends the session: another tab may have renewed it
      // (the token sent stopped working then), or the call used a token of its own.
      const storedTokenRefused = options.token === undefined && token === tokenStore.get();
      if (
        (response.status === 401 || response.status === 403) &&
        !keepSessionOnAuthError &&
        storedTokenRefused &&
        !refusedByRole(payload)
      ) {
        signOut();
      }
      throw toApiError(response.status, payload);
    }
    if (!schema) return payload as T;
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiError(response.status, invalidResponseMessage, 'invalid_response');
    return parsed.data;
  } finally {
    if (!silent) loadingStore.stop();
  }
}

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Falls back to the plain name below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/**
 * A file the server streams (e.g. a large CSV): the same token and error handling as
 * `apiRequest`, answered as a Blob and the name from `Content-Disposition`.
 */
export async function apiDownload(
  path: string,
  query?: Record<string, QueryValue>,
): Promise<{ blob: Blob; filename: string | null }> {
  const token = tokenStore.get();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  loadingStore.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { headers });
    } catch {
      throw new ApiError(0, networkErrorMessage, 'network_error');
    }
    if (!response.ok) {
      const payload = await readBody(response);
      if (
        (response.status === 401 || response.status === 403) &&
        token === tokenStore.get() &&
        !refusedByRole(payload)
      )
        signOut();
      throw toApiError(response.status, payload);
    }
    const filename = dispositionFileName(response.headers.get('Content-Disposition'));
    return { blob: await response.blob(), filename };
  } finally {
    loadingStore.stop();
  }
}
