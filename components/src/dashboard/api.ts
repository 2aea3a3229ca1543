// The dashboard's client for the public /v1 API: Bearer auth with the API
// key, problem+json errors kept whole (code, detail, field errors) so the UI
// can show what the server said.

export interface Video {
  id: string;
  embed: string;
  space: string;
  collection: string | null;
  title: string;
  description: string;
  metadata: Record<string, string>;
  state: 'created' | 'uploaded' | 'processing' | 'ready' | 'errored';
  playable: boolean;
  archived: boolean;
  duration: number;
  width: number;
  height: number;
  aspect_ratio: string;
  source: { size: number; container: string; video_codec: string; audio_codec: string; frame_rate: number } | null;
  renditions: { name: string; codec: string; quality: string; width: number; height: number; bitrate: number; size: number; url: string }[];
  audio_tracks: { id: string; language: string; label: string; default: boolean; url?: string }[];
  subtitles: { language: string; label: string; url: string }[];
  urls: Partial<Record<'hls' | 'dash' | 'poster' | 'clip' | 'audio' | 'storyboard' | 'frame' | 'transcript', string>> & Record<string, string>;
  playback_policy: 'public' | 'signed';
  poster_time: number | null;
  error: { code: string; message: string } | null;
  /** Percent of the encode done while processing; null otherwise. */
  progress: number | null;
  input_url?: string;
  created_at: string;
  updated_at: string;
  ready_at: string | null;
}

export interface Collection {
  id: string;
  space: string;
  name: string;
  parent: string | null;
  created_at: string;
  updated_at: string;
}

export interface Space {
  id: string;
  name: string;
  space_url: string;
  image_url: string;
  cdn_url: string;
  created_at: string;
  key?: { id: string; access: 'read_write' | 'read_only' };
}

export interface Key {
  id: string;
  space: string;
  access: 'read_write' | 'read_only';
  name: string;
  key?: string;
  created_at: string;
  last_used_at: string | null;
}

export interface SigningKey {
  id: string;
  algorithm: 'EdDSA' | 'ES256';
  public_jwk: Record<string, unknown>;
  private_pem?: string;
  private_jwk?: Record<string, unknown>;
  created_at: string;
}

export interface Webhook {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret?: string;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Attempt {
  at: string;
  status: number;
  duration_ms: number;
  error: string;
  response_excerpt: string;
}
export interface Delivery {
  id: string;
  endpoint: string;
  event_id: string;
  type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Attempt[];
  created_at: string;
  next_attempt_at: string | null;
}

/** One event of a video's lifecycle with its delivery to each endpoint. */
export interface VideoEvent {
  id: string;
  type: string;
  created_at: string;
  deliveries: Delivery[];
}

export interface Named {
  name: string;
  views: number;
}
export interface Stats {
  from: string;
  to: string;
  interval: 'hour' | 'day';
  views: number;
  unique_viewers: number;
  watch_time_seconds: number;
  average_view_seconds: number;
  completion_rate: number;
  retention: number[];
  startup_time_ms: { p50: number | null; p95: number | null };
  rebuffer_ratio: number;
  failure_rate: number;
  referrers: { origin: string; views: number }[];
  browsers: Named[];
  os: Named[];
  devices: Named[];
  series: { at: string; views: number; watch_time_seconds: number }[];
  top_videos?: { id: string; title: string; views: number; watch_time_seconds: number }[];
}

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
    public errors: { field: string; message: string }[] = [],
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
