// The server contract the elements rely on (DESIGN.md §4–5): the public
// embed lookup, the list endpoint and problem+json errors.
import type { components } from './api-types.js';
import { withToken } from './util.js';

// The wire types are generated from the OpenAPI document (api-types.ts,
// `npm run types:gen`; `npm test` fails when it is stale): the lookup is the
// Embed schema of GET /v1/embeds/{embed}.
type Schemas = components['schemas'];
export type EmbedInfo = Schemas['Embed'];
export type Rendition = EmbedInfo['renditions'][number];
export type AudioTrackInfo = Schemas['AudioTrack'];
export type SubtitleTrackInfo = Schemas['Subtitle'];
export type ChapterInfo = Schemas['Chapter'];

/** An error the server answered with (problem+json), or a network failure (status 0). */
export class ReelError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReelError';
  }
}

/** Messages shown to viewers, by problem code. */
export function describeError(err: unknown): string {
  if (err instanceof ReelError) {
    switch (err.code) {
      case 'not_found':
        return 'This video is not available. It may have been archived or deleted.';
      case 'token_expired':
        return 'The link to this video has expired. Reload the page to get a new one.';
      case 'token_invalid':
        return 'This video is private: a valid playback token is needed to watch it.';
      case 'unauthorized':
        return 'This video is private: a playback token is needed to watch it.';
      case 'forbidden':
        return 'This video may not be played on this site.';
      case 'network':
        return 'The video could not be loaded. Check your connection.';
      case 'media':
        return err.message || 'The video could not be played.';
    }
    return err.message || `The video could not be loaded (${err.status}).`;
  }
  return 'The video could not be loaded.';
}

let scriptBase: string | null = null;
/** Set by index.ts from import.meta.url (kept out of here so Node can import this file). */
export function setScriptURL(url: string) {
  try {
    const u = new URL(url);
    // Served by Reel from {base_url}/cdn/reel.js: the API lives at {base_url}.
    if (/\/cdn\/[^/]*$/.test(u.pathname)) scriptBase = new URL('..', u).href.replace(/\/$/, '');
    else if (u.protocol === 'http:' || u.protocol === 'https:') scriptBase = null;
  } catch {
    scriptBase = null;
  }
}

/**
 * The API base URL for an element: its `api` attribute, else the nearest
 * ancestor's `api` / `data-reel-api`, else derived from where reel.js was
 * served, else the page's origin.
 */
export function apiBase(el: Element): string {
  // The property first: frameworks (Vue, Svelte, Lit) set `api` as a
  // property, which the elements do not reflect to the attribute.
  const prop = (el as { api?: unknown }).api;
  const own = typeof prop === 'string' && prop ? prop : el.getAttribute('api');
  if (own) return own.replace(/\/$/, '');
  const anc = el.closest('[data-reel-api]');
  if (anc) return (anc.getAttribute('data-reel-api') || '').replace(/\/$/, '');
  if (scriptBase) return scriptBase;
  return location.origin;
}

async function problem(res: Response): Promise<ReelError> {
  let code = res.status === 404 ? 'not_found' : res.status === 401 ? 'unauthorized' : 'http_' + res.status;
  let msg = res.statusText;
  try {
    const body = await res.json();
    if (body && typeof body.code === 'string') code = body.code;
    if (body && (body.detail || body.title)) msg = body.detail || body.title;
  } catch {
    /* not JSON */
  }
  return new ReelError(res.status, code, msg);
}

export async function getJSON<T>(url: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ReelError(0, 'network', String((e as Error)?.message || e));
  }
  if (!res.ok) throw await problem(res);
  return (await res.json()) as T;
}

const cache = new Map<string, Promise<EmbedInfo>>();

/**
 * GET {base}/v1/embeds/{embed}?token=. Playable answers are shared between
 * the elements of a page (a <reel-text> next to a <reel-player> costs no
 * second request); anything else is fetched again next time.
 */
export function lookupEmbed(base: string, embed: string, token?: string | null, fresh = false): Promise<EmbedInfo> {
  const url = withToken(`${base}/v1/embeds/${encodeURIComponent(embed)}`, token);
  const hit = cache.get(url);
  if (hit && !fresh) return hit;
  const p = getJSON<EmbedInfo>(url).then((info) => {
    if (!info.playable) cache.delete(url);
    return info;
  });
  p.catch(() => cache.delete(url));
  cache.set(url, p);
  return p;
}

/** The asset URLs of a lookup with the token attached (DESIGN §6). */
export function tokenize(info: EmbedInfo, token?: string | null): EmbedInfo {
  if (!token) return info;
  const urls = { ...info.urls };
  for (const k of Object.keys(urls) as (keyof typeof urls)[]) {
    const v = urls[k];
    if (typeof v === 'string' && v) (urls as Record<string, string>)[k] = withToken(v, token);
  }
  return {
    ...info,
    urls,
    transcript: info.transcript ? withToken(info.transcript, token) : info.transcript,
    renditions: (info.renditions || []).map((r) => ({ ...r, url: withToken(r.url, token) })),
    subtitles: (info.subtitles || []).map((s) => ({ ...s, url: withToken(s.url, token) })),
  };
}

/** A lookup of a video live now: processing, with its low-latency HLS listed. */
export function isLiveInfo(info: EmbedInfo | null | undefined): boolean {
  return !!info && info.state === 'processing' && !info.archived && !!info.urls?.low_latency_hls;
}
