// @reel/metrics: a cookieless playback analytics client (DESIGN.md §9).
// The session id lives in memory only: no cookies, no storage, no fingerprint.

export type MetricType =
  | 'view'
  | 'play'
  | 'pause'
  | 'seeked'
  | 'ended'
  | 'heartbeat'
  | 'rebuffer_start'
  | 'rebuffer_end'
  | 'rendition_change'
  | 'error'
  | 'startup';

export interface MetricEvent {
  type: MetricType;
  embed: string;
  session: string;
  /** ms since the epoch */
  t: number;
  /** playback position, seconds */
  position: number;
  [field: string]: unknown;
}

export interface MetricsOptions {
  /** `{base_url}/v1/events` */
  endpoint: string;
  embed: string;
  /** flush every … ms (5000) */
  interval?: number;
  /** flush when this many events are queued (50) */
  batch?: number;
  /** heartbeat every … ms while playing (10000) */
  heartbeat?: number;
  /** the most events kept while the endpoint is unreachable (500); oldest dropped first */
  maxQueue?: number;
  /** replaces fetch (tests) */
  send?: (body: string, beacon: boolean) => Promise<boolean>;
}

let pageSession: string | null = null;
/** One random id per page view, in memory. */
export function sessionId(): string {
  if (!pageSession) {
    pageSession =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : Math.random().toString(36).slice(2) + Date.now().toString(36);
  }
  return pageSession;
}

/** A bounded FIFO: pushes beyond `max` drop the oldest entries. */
export class BoundedQueue<T> {
  items: T[] = [];
  dropped = 0;
  constructor(public max: number) {}
  push(...xs: T[]) {
    this.items.push(...xs);
    const over = this.items.length - this.max;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }
  /** Puts a failed batch back at the front (still bounded). */
  unshift(xs: T[]) {
    this.items.unshift(...xs);
    const over = this.items.length - this.max;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }
  take(n: number): T[] {
    return this.items.splice(0, n);
  }
  get length() {
    return this.items.length;
  }
}

function defaultSend(endpoint: string) {
  return async (body: string, beacon: boolean): Promise<boolean> => {
    if (beacon && typeof navigator !== 'undefined' && navigator.sendBeacon) {
      // text/plain keeps the beacon a CORS "simple" request (no preflight).
      if (navigator.sendBeacon(endpoint, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return true;
    }
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
      return res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429);
    } catch {
      return false;
    }
  };
}

/**
 * Watches one media element and reports to the endpoint. Call `destroy()`
 * when the element goes away.
 */
export class Metrics {
  readonly session = sessionId();
  private q: BoundedQueue<MetricEvent>;
  private timer: ReturnType<typeof setInterval> | undefined;
  private hb: ReturnType<typeof setInterval> | undefined;
  private media: HTMLMediaElement | null = null;
  private off: (() => void)[] = [];
  private playRequestedAt = 0;
  private startupReported = false;
  private buffering = false;
  private bufferStart = 0;
  private lastBeat = 0;
  private watchedFrom = 0;
  /** the position before a seek started (the last timeupdate) */
  private lastPos = 0;
  private seekFrom: number | null = null;
  private sending = false;
  private send: (body: string, beacon: boolean) => Promise<boolean>;
  private opts: Required<Omit<MetricsOptions, 'send'>>;

  constructor(options: MetricsOptions) {
    this.opts = { interval: 5000, batch: 50, heartbeat: 10000, maxQueue: 500, ...options } as Required<
      Omit<MetricsOptions, 'send'>
    >;
    this.q = new BoundedQueue(this.opts.maxQueue);
    this.send = options.send || defaultSend(options.endpoint);
    if (typeof window !== 'undefined') {
      // Leaving: report what was watched since the last heartbeat, then beacon.
      const hide = () => {
        this.beat();
        void this.flush(true);
      };
      const vis = () => document.visibilityState === 'hidden' && hide();
      window.addEventListener('pagehide', hide);
      document.addEventListener('visibilitychange', vis);
      this.off.push(() => window.removeEventListener('pagehide', hide));
      this.off.push(() => document.removeEventListener('visibilitychange', vis));
    }
    this.timer = setInterval(() => this.flush(false), this.opts.interval);
  }

  get queued() {
    return this.q.length;
  }

  private pos() {
    const t = this.media?.currentTime;
    return Number.isFinite(t) ? Math.round((t as number) * 1000) / 1000 : 0;
  }

  /** Records one event (fields are merged in). */
  track(type: MetricType, fields: Record<string, unknown> = {}) {
    this.q.push({ type, embed: this.opts.embed, session: this.session, t: Date.now(), position: this.pos(), ...fields });
    if (this.q.length >= this.opts.batch) void this.flush(false);
  }

  /** Attaches to a media element; emits `view` once. */
  attach(media: HTMLMediaElement) {
    this.media = media;
    this.track('view', { url: typeof location !== 'undefined' ? location.origin + location.pathname : undefined });
    const on = (type: string, fn: () => void) => {
      media.addEventListener(type, fn);
      this.off.push(() => media.removeEventListener(type, fn));
    };
    on('play', () => {
      if (!this.startupReported) this.playRequestedAt = performance.now();
      this.track('play');
    });
    on('playing', () => {
      if (!this.startupReported && this.playRequestedAt) {
        this.startupReported = true;
        this.track('startup', { ms: Math.round(performance.now() - this.playRequestedAt) });
      }
      if (this.buffering) this.endBuffer();
      this.watchedFrom = this.pos();
      this.lastBeat = performance.now();
      this.startBeats();
    });
    on('pause', () => {
      this.beat();
      this.stopBeats();
      if (!media.ended) this.track('pause');
    });
    on('timeupdate', () => {
      if (!media.seeking) this.lastPos = this.pos();
    });
    on('seeking', () => {
      // currentTime is already the target: the seek starts where playback was.
      if (this.seekFrom === null) {
        this.seekFrom = this.lastPos;
        if (!media.paused && this.lastBeat && this.lastPos > this.watchedFrom) {
          this.track('heartbeat', { from: this.watchedFrom, to: this.lastPos });
        }
      }
    });
    on('seeked', () => {
      const to = this.pos();
      this.track('seeked', { from: this.seekFrom ?? this.lastPos, to });
      this.seekFrom = null;
      this.watchedFrom = to;
      this.lastPos = to;
    });
    on('ended', () => {
      this.beat();
      this.stopBeats();
      this.track('ended');
    });
    on('waiting', () => {
      if (!this.buffering && !media.paused && !media.seeking && this.startupReported) {
        this.buffering = true;
        this.bufferStart = performance.now();
        this.track('rebuffer_start');
      }
    });
    on('canplay', () => this.buffering && this.endBuffer());
    on('error', () => {
      const err = media.error;
      this.track('error', { code: String(err?.code ?? 0), message: err?.message || '' });
    });
  }

  private endBuffer() {
    this.buffering = false;
    this.track('rebuffer_end', { duration_ms: Math.round(performance.now() - this.bufferStart) });
  }

  /** Called by the player when the adaptive stream switches rendition. */
  renditionChange(fields: { width?: number; height?: number; bitrate?: number; name?: string }) {
    this.track('rendition_change', { ...fields, rendition: fields.name });
  }

  error(code: string, message: string) {
    this.track('error', { code, message });
  }

  private beat() {
    if (!this.media || this.lastBeat === 0) return;
    const now = this.pos();
    if (this.media.seeking) return; // the seek's own events report this stretch
    if (now > this.watchedFrom) this.track('heartbeat', { from: this.watchedFrom, to: now });
    this.watchedFrom = now;
  }
  private startBeats() {
    this.stopBeats();
    this.hb = setInterval(() => this.beat(), this.opts.heartbeat);
  }
  private stopBeats() {
    if (this.hb) clearInterval(this.hb);
    this.hb = undefined;
  }

  /** Sends what is queued; a failed batch goes back to the queue. */
  async flush(beacon: boolean): Promise<void> {
    if (!this.q.length || (this.sending && !beacon)) return;
    const batch = this.q.take(beacon ? this.q.length : this.opts.batch);
    const body = JSON.stringify({ events: batch });
    this.sending = true;
    let ok = false;
    try {
      ok = await this.send(body, beacon);
    } finally {
      this.sending = false;
    }
    if (!ok) this.q.unshift(batch);
    else if (this.q.length >= this.opts.batch) void this.flush(false);
  }

  destroy() {
    this.beat();
    void this.flush(true);
    this.stopBeats();
    if (this.timer) clearInterval(this.timer);
    this.off.forEach((f) => f());
    this.off = [];
    this.media = null;
  }
}
