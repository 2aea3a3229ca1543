// The dashboard's client for the public /v1 API: Bearer auth with the API
// key, problem+json errors kept whole (code, detail, field errors) so the UI
// can show what the server said.

import type { components } from '../api-types.js';

// The wire types are generated from the OpenAPI document (../api-types.ts,
// `npm run types:gen`; `npm test` fails when it is stale).
type Schemas = components['schemas'];
export type Video = Schemas['Video'];
export type Collection = Schemas['Collection'];
export type LiveStream = Schemas['LiveStream'];
export type LiveStats = Schemas['LiveStats'];
export type Space = Schemas['Space'];
export type Key = Schemas['Key'];
export type SigningKey = Schemas['SigningKey'];
/** A signing key as created: with its private half, shown once. */
export type NewSigningKey = Schemas['NewSigningKey'];
export type Webhook = Schemas['WebhookEndpoint'];
export type Attempt = Schemas['DeliveryAttempt'];
export type Delivery = Schemas['WebhookDelivery'];
/** One event of a video's lifecycle with its delivery to each endpoint. */
export type VideoEvent = Schemas['VideoEvent'];
export type Stats = Schemas['Stats'];
export type Named = Stats['browsers'][number];

/** One page of a list (the data and next_cursor of every list answer). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** An answer of the API that is not a success, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public errors: Schemas['FieldError'][] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The message with the field errors, as one sentence for the UI. */
  get full(): string {
    const fields = this.errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    return fields && !this.message.includes(fields) ? `${this.message} (${fields})` : this.message;
  }
}

/** What to show for any error: the server's message, or the exception's. */
export function messageOf(e: unknown): string {
  if (e instanceof ApiError) return e.full;
  if (e instanceof Error) return e.message;
  return String(e);
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function qs(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? '?' + s : '';
}

export class Api {
  constructor(
    readonly base: string,
    readonly key: string,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, init: { contentType?: string; signal?: AbortSignal } = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (typeof body === 'string' || body instanceof Blob) {
      payload = body;
      headers['content-type'] = init.contentType || 'text/plain';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(this.base + path, { method, headers, body: payload, credentials: 'omit', cache: 'no-store', signal: init.signal });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new ApiError(0, 'network', `The server at ${this.base} did not answer. Is refserver running?`);
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!res.ok) {
      const code = json?.code || (res.status === 401 ? 'unauthorized' : 'http_' + res.status);
      const msg = json?.detail || json?.title || `${method} ${path} answered ${res.status} ${res.statusText}`;
      throw new ApiError(res.status, code, msg, Array.isArray(json?.errors) ? json.errors : []);
    }
    return json as T;
  }

  get<T>(path: string, q: Query = {}, signal?: AbortSignal) {
    return this.request<T>('GET', path + qs(q), undefined, { signal });
  }
  post<T>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  patch<T>(path: string, body: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  put<T>(path: string, body: string | Blob, contentType: string) {
    return this.request<T>('PUT', path, body, { contentType });
  }
  del(path: string) {
    return this.request<void>('DELETE', path);
  }

  /** Every item of a cursor-paginated list (for the small lists: collections, webhooks, keys). */
  async all<T>(path: string, q: Query = {}): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: Page<T> = await this.get<Page<T>>(path, { ...q, limit: 100, cursor });
      out.push(...page.data);
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    return out;
  }
}
