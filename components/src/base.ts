import { LitElement } from 'lit';
import { apiBase, describeError, EmbedInfo, lookupEmbed, ReelError, tokenize } from './api.js';
import { backoff } from './util.js';

export type LoadState = 'idle' | 'loading' | 'processing' | 'error' | 'ready';

/** Defines a custom element once (a page may load reel.js twice). */
export function define(name: string, ctor: CustomElementConstructor) {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) customElements.define(name, ctor);
}

/**
 * The part every embed-driven element shares: `embed`, `token`, `api`; the
 * lookup with retries while the video is processing; the message to show
 * when it cannot be played; optional lazy start near the viewport.
 */
export class EmbedElement extends LitElement {
  static properties = {
    embed: { type: String, reflect: true },
    token: { type: String },
    api: { type: String },
    loading: { type: String },
    _state: { state: true },
    _message: { state: true },
    _info: { state: true },
  };
  declare embed: string | null;
  declare token: string | null;
  declare api: string | null;
  /** "lazy" (default): wait until near the viewport; "eager": load at once. */
  declare loading: string | null;
  declare _state: LoadState;
  declare _message: string;
  declare _info: EmbedInfo | null;

  /** ms before the first retry while processing (tests shorten it) */
  static retryBase = 1000;
  /** rootMargin for lazy loading */
  static lazyMargin = '400px 0px';

  protected _error: ReelError | null = null;
  private _io: IntersectionObserver | null = null;
  private _near = false;
  private _loadSeq = 0;
  private _retryTimer: ReturnType<typeof setTimeout> | undefined;
  private _loadPromise: Promise<EmbedInfo | null> | null = null;

  constructor() {
    super();
    this.embed = null;
    this.token = null;
    this.api = null;
    this.loading = null;
    this._state = 'idle';
    this._message = '';
    this._info = null;
  }

  /** Whether this element waits for the viewport before loading. */
  protected get lazy(): boolean {
    return this.loading !== 'eager' && typeof IntersectionObserver !== 'undefined';
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.lazy) {
      this._io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            this._near = true;
            this._io?.disconnect();
            this._io = null;
            if (this._state === 'idle') void this.load();
          }
        },
        { rootMargin: (this.constructor as typeof EmbedElement).lazyMargin },
      );
      this._io.observe(this);
    } else {
      this._near = true;
    }
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._io?.disconnect();
    this._io = null;
    clearTimeout(this._retryTimer);
  }

  protected willUpdate(changed: Map<PropertyKey, unknown>) {
    if ((changed.has('embed') || changed.has('token') || changed.has('api')) && this.hasUpdated) {
      this.reset();
      if (this._near) void this.load();
    }
  }

  protected firstUpdated() {
    if (this._near && this._state === 'idle') void this.load();
  }

  /** Forgets the current video (before a new embed is loaded). */
  protected reset() {
    this._loadSeq++;
    clearTimeout(this._retryTimer);
    this._loadPromise = null;
    this._info = null;
    this._error = null;
    this._state = 'idle';
    this._message = '';
  }

  /** Loads the lookup now (whatever the viewport); resolves with the info, or null on failure. */
  load(): Promise<EmbedInfo | null> {
    if (this._loadPromise) return this._loadPromise;
    const seq = ++this._loadSeq;
    this._loadPromise = this._attempt(seq, 0);
    return this._loadPromise;
  }

  private async _attempt(seq: number, attempt: number): Promise<EmbedInfo | null> {
    if (!this.embed) {
      this._fail(new ReelError(0, 'no_embed', 'No video: set the embed attribute.'));
      return null;
    }
    this._state = attempt === 0 ? 'loading' : 'processing';
    let info: EmbedInfo;
    try {
      info = await lookupEmbed(apiBase(this), this.embed, this.token, attempt > 0);
    } catch (e) {
      if (seq !== this._loadSeq) return null;
      const err = e instanceof ReelError ? e : new ReelError(0, 'network', String(e));
      // A network hiccup while waiting for processing: keep trying.
      if (err.code === 'network' && attempt > 0) return this._retry(seq, attempt);
      this._fail(err);
      return null;
    }
    if (seq !== this._loadSeq) return null;
    if (info.archived) {
      this._fail(new ReelError(404, 'not_found', 'archived'));
      return null;
    }
    if (!info.playable && !this.playsUnready(info)) {
      if (info.state === 'errored') {
        this._fail(new ReelError(422, 'media', 'This video could not be processed.'));
        return null;
      }
      this._state = 'processing';
      this._message = 'This video is still processing. It will start as soon as it is ready.';
      this.dispatchEvent(new CustomEvent('reel-processing', { detail: { state: info.state, attempt } }));
      return this._retry(seq, attempt);
    }
    const tok = tokenize(info, this.token);
    this._info = tok;
    this._state = 'ready';
    this._message = '';
    this._error = null;
    this.dispatchEvent(new CustomEvent('reel-load', { detail: tok }));
    await this.onInfo(tok);
    return tok;
  }

  /**
   * The next lookup of a video still processing: 1 s, 1.6 s, 2.6 s … at
   * most 5 s apart (5 × retryBase), so that a viewer who opened the page
   * early sees the video start within 5 s of it becoming playable (30 s
   * apart, before, after a minute of waiting). A lookup is one small
   * GET.
   */
  private _retry(seq: number, attempt: number): Promise<EmbedInfo | null> {
    const base = (this.constructor as typeof EmbedElement).retryBase;
    const delay = backoff(attempt, base, 5 * base);
    return new Promise((resolve) => {
      this._retryTimer = setTimeout(() => {
        if (seq !== this._loadSeq) return resolve(null);
        resolve(this._attempt(seq, attempt + 1));
      }, delay);
    });
  }

  protected _fail(err: ReelError) {
    this._error = err;
    this._state = 'error';
    this._message = describeError(err);
    this.dispatchEvent(
      new CustomEvent('reel-error', { detail: { code: err.code, status: err.status, message: this._message } }),
    );
  }

  /** Whether a lookup that is not playable yet still plays here (<reel-player>: a live video). */
  protected playsUnready(_info: EmbedInfo): boolean {
    return false;
  }

  /** Called with the (tokenized) lookup once the video is playable. */
  protected async onInfo(_info: EmbedInfo): Promise<void> {}

  /** The lookup of the current video, once loaded. */
  get info(): EmbedInfo | null {
    return this._info;
  }
  /** idle | loading | processing | error | ready */
  get state(): LoadState {
    return this._state;
  }
  /** The problem code when state is "error" (not_found, token_invalid, token_expired, …). */
  get errorCode(): string | null {
    return this._error?.code ?? null;
  }
}
