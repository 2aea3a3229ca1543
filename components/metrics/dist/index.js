// metrics/src/index.ts
var pageSession = null;
function sessionId() {
  if (!pageSession) {
    pageSession = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2) + Date.now().toString(36);
  }
  return pageSession;
}
var BoundedQueue = class {
  constructor(max) {
    this.max = max;
    this.items = [];
    this.dropped = 0;
  }
  push(...xs) {
    this.items.push(...xs);
    const over = this.items.length - this.max;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }
  /** Puts a failed batch back at the front (still bounded). */
  unshift(xs) {
    this.items.unshift(...xs);
    const over = this.items.length - this.max;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }
  take(n) {
    return this.items.splice(0, n);
  }
  get length() {
    return this.items.length;
  }
};
function defaultSend(endpoint) {
  return async (body, beacon) => {
    if (beacon && typeof navigator !== "undefined" && navigator.sendBeacon) {
      if (navigator.sendBeacon(endpoint, new Blob([body], { type: "text/plain;charset=UTF-8" }))) return true;
    }
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        body,
        keepalive: true,
        credentials: "omit",
        headers: { "content-type": "text/plain;charset=UTF-8" }
      });
      return res.ok || res.status >= 400 && res.status < 500 && res.status !== 429;
    } catch {
      return false;
    }
  };
}
var Metrics = class {
  constructor(options) {
    this.session = sessionId();
    this.media = null;
    this.off = [];
    this.playRequestedAt = 0;
    this.startupReported = false;
    this.buffering = false;
    this.bufferStart = 0;
    this.lastBeat = 0;
    this.watchedFrom = 0;
    /** the position before a seek started (the last timeupdate) */
    this.lastPos = 0;
    this.seekFrom = null;
    this.sending = false;
    this.opts = { interval: 5e3, batch: 50, heartbeat: 1e4, maxQueue: 500, ...options };
    this.q = new BoundedQueue(this.opts.maxQueue);
    this.send = options.send || defaultSend(options.endpoint);
    if (typeof window !== "undefined") {
      const hide = () => {
        this.beat();
        void this.flush(true);
      };
      const vis = () => document.visibilityState === "hidden" && hide();
      window.addEventListener("pagehide", hide);
      document.addEventListener("visibilitychange", vis);
      this.off.push(() => window.removeEventListener("pagehide", hide));
      this.off.push(() => document.removeEventListener("visibilitychange", vis));
    }
    this.timer = setInterval(() => this.flush(false), this.opts.interval);
  }
  get queued() {
    return this.q.length;
  }
  pos() {
    const t = this.media?.currentTime;
    return Number.isFinite(t) ? Math.round(t * 1e3) / 1e3 : 0;
  }
  /** Records one event (fields are merged in). */
  track(type, fields = {}) {
    this.q.push({ type, embed: this.opts.embed, session: this.session, t: Date.now(), position: this.pos(), ...fields });
    if (this.q.length >= this.opts.batch) void this.flush(false);
  }
  /** Attaches to a media element; emits `view` once. */
  attach(media) {
    this.media = media;
    this.track("view", { url: typeof location !== "undefined" ? location.origin + location.pathname : void 0 });
    const on = (type, fn) => {
      media.addEventListener(type, fn);
      this.off.push(() => media.removeEventListener(type, fn));
    };
    on("play", () => {
      if (!this.startupReported) this.playRequestedAt = performance.now();
      this.track("play");
    });
    on("playing", () => {
      if (!this.startupReported && this.playRequestedAt) {
        this.startupReported = true;
        this.track("startup", { ms: Math.round(performance.now() - this.playRequestedAt) });
      }
      if (this.buffering) this.endBuffer();
      this.watchedFrom = this.pos();
      this.lastBeat = performance.now();
      this.startBeats();
    });
    on("pause", () => {
      this.beat();
      this.stopBeats();
      if (!media.ended) this.track("pause");
    });
    on("timeupdate", () => {
      if (!media.seeking) this.lastPos = this.pos();
    });
    on("seeking", () => {
      if (this.seekFrom === null) {
        this.seekFrom = this.lastPos;
        if (!media.paused && this.lastBeat && this.lastPos > this.watchedFrom) {
          this.track("heartbeat", { from: this.watchedFrom, to: this.lastPos });
        }
      }
    });
    on("seeked", () => {
      const to = this.pos();
      this.track("seeked", { from: this.seekFrom ?? this.lastPos, to });
      this.seekFrom = null;
      this.watchedFrom = to;
      this.lastPos = to;
    });
    on("ended", () => {
      this.beat();
      this.stopBeats();
      this.track("ended");
    });
    on("waiting", () => {
      if (!this.buffering && !media.paused && !media.seeking && this.startupReported) {
        this.buffering = true;
        this.bufferStart = performance.now();
        this.track("rebuffer_start");
      }
    });
    on("canplay", () => this.buffering && this.endBuffer());
    on("error", () => {
      const err = media.error;
      this.track("error", { code: String(err?.code ?? 0), message: err?.message || "" });
    });
  }
  endBuffer() {
    this.buffering = false;
    this.track("rebuffer_end", { duration_ms: Math.round(performance.now() - this.bufferStart) });
  }
  /** Called by the player when the adaptive stream switches rendition. */
  renditionChange(fields) {
    this.track("rendition_change", { ...fields, rendition: fields.name });
  }
  error(code, message) {
    this.track("error", { code, message });
  }
  beat() {
    if (!this.media || this.lastBeat === 0) return;
    const now = this.pos();
    if (this.media.seeking) return;
    if (now > this.watchedFrom) this.track("heartbeat", { from: this.watchedFrom, to: now });
    this.watchedFrom = now;
  }
  startBeats() {
    this.stopBeats();
    this.hb = setInterval(() => this.beat(), this.opts.heartbeat);
  }
  stopBeats() {
    if (this.hb) clearInterval(this.hb);
    this.hb = void 0;
  }
  /** Sends what is queued; a failed batch goes back to the queue. */
  async flush(beacon) {
    if (!this.q.length || this.sending && !beacon) return;
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
};
export {
  BoundedQueue,
  Metrics,
  sessionId
};
