// <reel-live>: what a <reel-player> shows and does while its video is live,
// part of the menus chunk (dist/menus.js) to keep reel.js small. The player
// renders it (in its shadow root, after the media-controller) while it is
// live or has just ended, with itself as `player`; it
// - measures the latency (the EXT-X-PROGRAM-DATE-TIME of the playing
//   position against the wall clock) and whether the position is at the
//   live edge (the player's LIVE badge), twice a second;
// - looks the video up every ReelPlayer.livePoll ms (5 s) while live, more
//   often once ended, until the recording is ready;
// - retries the live playlist after a 404 or 503 (the stream starting, a
//   publisher reconnecting), in the waiting state;
// - shows the waiting and ended overlays, and the recording once ready;
// - adds live and the latency to the player's heartbeats (livebeat.ts).
import { css, html, LitElement, nothing, PropertyValues } from 'lit';
import { apiBase, EmbedInfo, isLiveInfo, lookupEmbed, ReelError, tokenize } from '../api.js';
import { backoff } from '../util.js';
import { reportLatency, Tracker } from './livebeat.js';

/** What <reel-live> uses of its <reel-player> (members private to player.ts). */
interface Player extends HTMLElement {
  embed: string | null;
  token: string | null;
  autoplay: boolean;
  media: HTMLVideoElement;
  _live: string;
  _ended: boolean;
  _info: EmbedInfo | null;
  _sourceSeq: number;
  _playIntended: boolean;
  _metrics: Tracker | null;
  _hls: {
    playingDate?: Date | null;
    targetLatency?: number | null;
    liveSyncPosition?: number | null;
    latestLevelDetails?: { live: boolean; fragments: unknown[] } | null;
    config?: { maxLiveSyncPlaybackRate: number };
    destroy(): void;
  } | null;
  _attach(info: EmbedInfo, start: number, play: boolean): Promise<void>;
  _fail(e: ReelError): void;
  play(): Promise<void>;
  constructor: { livePoll: number; retryBase: number };
}

export class ReelLive extends LitElement {
  static properties = {
    state: { type: String },
    /** Ended, and the recording is attached: the overlay offers it. */
    recording: { type: Boolean },
    _latency: { state: true },
    // Reactive, so that a state that arrives before the player (the
    // element upgraded between the two bindings) is announced with it.
    player: { attribute: false },
  };
  static styles = css`
    :host {
      position: absolute;
      inset: 0;
      z-index: 2;
      pointer-events: none;
      font-family: var(--reel-font-family, system-ui, sans-serif);
      color: #fff;
    }
    .stats {
      position: absolute;
      top: 10px;
      right: 10px;
      padding: 4px 8px;
      border-radius: 4px;
      background: rgb(0 0 0 / 0.65);
      font-size: 12px;
      font-weight: 500;
      line-height: 1.3;
      font-variant-numeric: tabular-nums;
    }
    .note {
      position: absolute;
      inset: 0;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 0.6em;
      padding: 1.5em;
      text-align: center;
      background: var(--reel-message-background, rgb(0 0 0 / 0.7));
      font-size: 1rem;
      line-height: 1.4;
      pointer-events: auto;
    }
    strong {
      font-size: 1.15em;
    }
    .dot {
      display: inline-block;
      width: 0.6em;
      height: 0.6em;
      margin-right: 0.45em;
      border-radius: 50%;
      background: var(--reel-live-color, #d0121b);
      animation: pulse 1.2s ease-in-out infinite alternate;
    }
    @keyframes pulse {
      to {
        opacity: 0.3;
      }
    }
    button {
      margin-top: 0.4em;
      min-height: 40px;
      padding: 0 18px;
      border: 0;
      border-radius: 20px;
      /* dark on white: readable whatever the accent colour (white on the
         default accent is 3.2:1) */
      background: #fff;
      color: #111;
      font: 600 15px/1 var(--reel-font-family, system-ui, sans-serif);
      cursor: pointer;
    }
    button:focus-visible {
      outline: 3px solid #fff;
      outline-offset: 2px;
    }
  `;
  declare state: string;
  declare recording: boolean;
  declare _latency: number | null;
  /** The <reel-player> (set by it). */
  player!: Player;
  private _tick: ReturnType<typeof setInterval> | undefined;
  private _poll: ReturnType<typeof setTimeout> | undefined;
  private _retries = 0;

  constructor() {
    super();
    this.state = '';
    this.recording = false;
    this._latency = null;
  }

  connectedCallback() {
    super.connectedCallback();
    this._tick = setInterval(() => this._stats(), 500);
    this._schedule();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this._tick);
    clearTimeout(this._poll);
  }

  protected updated(changed: PropertyValues<this>) {
    if (!this.player || !(changed.has('state') || (changed.has('player') && this.state))) return;
    this.player.dispatchEvent(new CustomEvent('reel-live', { detail: { state: this.state, recording: this.recording } }));
    // Ended: the lookup sooner (the recording is ready seconds later).
    if (changed.get('state') !== undefined) this._schedule();
  }

  /** Sets the player's live state (which it passes on to this element's `state`). */
  private _set(state: string) {
    this.player._live = state;
    this.state = state;
  }

  /** Seconds between the date of the playing position (EXT-X-PROGRAM-DATE-TIME) and now, or null. */
  measure(): number | null {
    const p = this.player;
    const v = p?.media;
    if (p?._live !== 'live' || !v.currentTime) return null;
    // hls.js: the date of the playing position; Safari: the date of time 0.
    const start = (v as unknown as { getStartDate?: () => Date }).getStartDate?.()?.getTime();
    const date = p._hls ? p._hls.playingDate?.getTime() : start ? start + v.currentTime * 1000 : NaN;
    return date && Number.isFinite(date) ? Math.max(0, (Date.now() - date) / 1000) : null;
  }

  /** Whether the playing position is at the live edge: within the target latency and 3 s of it. */
  atEdge(): boolean {
    const p = this.player;
    const s = p.media.seekable;
    const target = p._hls?.targetLatency;
    return !s.length || s.end(s.length - 1) - p.media.currentTime <= (target && Number.isFinite(target) ? target : 3) + 3;
  }

  /** Goes to the live edge (where hls.js would start: its target latency behind), and plays. */
  seekToLive() {
    const p = this.player;
    const v = p.media;
    const s = v.seekable;
    if (p._live !== 'live' || !s.length) return;
    const sync = p._hls?.liveSyncPosition;
    v.currentTime = sync && Number.isFinite(sync) ? sync : Math.max(0, s.end(s.length - 1) - 2);
    if (v.paused) v.play().catch(() => {});
    this._stats();
  }

  /**
   * Twice a second: waiting until the playlist has a segment (hls.js) or
   * the media its metadata (native); the end of the stream (EXT-X-ENDLIST,
   * once what was buffered has played out); the latency line, and the
   * badge (red at the edge, grey behind it).
   */
  private _stats() {
    const p = this.player;
    if (!p) return;
    const v = p.media;
    const d = p._hls?.latestLevelDetails;
    if (p._live === 'waiting' && (d ? d.live && d.fragments.length : v.readyState)) {
      this._retries = 0;
      // hls.js catches up with its target latency after a stall by playing
      // a little faster (at most 1.25×), while near the edge only (not back
      // in the DVR window); its latency controller reads the config live.
      if (p._hls?.config) p._hls.config.maxLiveSyncPlaybackRate = 1.25;
      this._set('live');
    }
    if (p._live === 'live' && (d ? !d.live && (v.paused || v.ended) : v.ended)) {
      v.pause();
      this._set('ended');
    }
    // The player's metrics start with its source: hooked on the first tick
    // after they exist. Its heartbeats are live while the position plays
    // live; in the waiting and ended states they are left as they are.
    // Behind the edge (the viewer went back in the DVR window) the
    // heartbeat says live without a latency: the session's p50/p95 are
    // what the stream's delivery costs a viewer, not where one chose to be.
    if (p._metrics) reportLatency(p._metrics, () => (p._live === 'live' ? (this.atEdge() ? this.measure() : null) : undefined));
    if (p._live !== 'live') return;
    const l = this.measure();
    this._latency = l == null ? null : Math.round(l * 10) / 10;
    const edge = this.atEdge();
    (this.getRootNode() as ShadowRoot).querySelectorAll<ReelLiveButton>('reel-live-button').forEach((b) => (b.edge = edge));
  }

  private _schedule() {
    clearTimeout(this._poll);
    const p = this.player;
    if (!p || !this.isConnected || this.recording) return;
    const every = p.constructor.livePoll;
    this._poll = setTimeout(() => this._lookup(), this.state === 'ended' ? (every * 2) / 5 : every);
  }

  /** A fresh lookup: still live, ended, or its recording ready; then the next one. */
  private async _lookup(): Promise<EmbedInfo | null> {
    const p = this.player;
    const seq = p._sourceSeq;
    let info: EmbedInfo | null = null;
    try {
      if (p.embed) info = await lookupEmbed(apiBase(p), p.embed, p.token, true);
    } catch {
      /* a network hiccup: next time */
    }
    if (seq !== p._sourceSeq || !this.isConnected) return null;
    if (info && !isLiveInfo(info)) {
      if (info.archived || info.state === 'errored') {
        p._fail(new ReelError(404, 'not_found', 'gone'));
        return null;
      }
      // A live video turns ready with its recording (urls.hls, a VOD).
      if (p._live !== 'ended') {
        p.media.pause();
        this._set('ended');
      }
      if (info.playable && info.state === 'ready' && info.urls.hls) await this._attachRecording(info);
    }
    this._schedule();
    return info;
  }

  /**
   * The live playlist failed (404 or 503 while the stream starts or its
   * publisher reconnects, a timeout): waiting, then after 1 s, 1.6 s … (at
   * most livePoll) the lookup and, while still live, the playlist again.
   */
  async retry(seq: number) {
    const p = this.player;
    if (seq !== p._sourceSeq || p._live === 'ended') return;
    this._set('waiting');
    const ctor = p.constructor;
    await new Promise((r) => setTimeout(r, backoff(this._retries++, ctor.retryBase, ctor.livePoll)));
    if (seq !== p._sourceSeq) return;
    const info = await this._lookup();
    if (seq !== p._sourceSeq || p._live !== 'waiting') return;
    if (!info) return void this.retry(seq);
    if (!isLiveInfo(info)) return;
    p._hls?.destroy();
    p._hls = null;
    const tok = tokenize(info, p.token);
    p._info = tok;
    await p._attach(tok, 0, p._playIntended || p.autoplay);
  }

  /** Attaches the recording (paused, from the start); the overlay offers it. */
  private async _attachRecording(info: EmbedInfo) {
    const p = this.player;
    if (this.recording) return;
    this.recording = true;
    p._hls?.destroy();
    p._hls = null;
    const tok = tokenize(info, p.token);
    p._info = tok;
    p._ended = false;
    // Paused under the overlay until asked for (whatever `autoplay` says).
    p.media.autoplay = false;
    await p._attach(tok, 0, false);
    p.dispatchEvent(new CustomEvent('reel-live', { detail: { state: 'ended', recording: true } }));
  }

  private _watch = () => {
    const p = this.player;
    p._live = '';
    p.media.autoplay = p.autoplay;
    p.dispatchEvent(new CustomEvent('reel-live', { detail: { state: '', recording: true } }));
    p.play().catch(() => {});
  };

  protected render() {
    if (this.state === 'live') {
      return this._latency == null ? nothing : html`<div class="stats" part="live-stats" aria-hidden="true">Latency ${this._latency.toFixed(1)} s</div>`;
    }
    if (this.state === 'waiting') {
      return html`<div class="note" role="status">
        <strong><span class="dot"></span>Waiting for the live stream</strong><span>It will start here as soon as it is on air.</span>
      </div>`;
    }
    return html`<div class="note" role="status">
      <strong>The live stream has ended</strong>
      ${this.recording
        ? html`<button part="recording-button" @click=${this._watch}>Watch the recording</button>`
        : html`<span>Its recording will be here in a moment.</span>`}
    </div>`;
  }
}

/**
 * `<reel-live-button>`: the LIVE badge in a live <reel-player>'s control
 * bar, in place of the time: red at the live edge, grey behind it; a click
 * (or Enter, Space) goes to the live edge.
 */
export class ReelLiveButton extends LitElement {
  static properties = { edge: { type: Boolean, reflect: true } };
  static styles = css`
    /* In place of the time: on a narrow player, it pushes the buttons right. */
    :host {
      display: inline-flex;
      margin: 0 auto 0 8px;
    }
    button {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      min-height: 28px;
      padding: 0 10px;
      border: 0;
      border-radius: 4px;
      background: #5c5f66;
      color: #fff;
      font: 700 13px/1 var(--reel-font-family, system-ui, sans-serif);
      letter-spacing: 0.06em;
      cursor: pointer;
    }
    :host([edge]) button {
      background: var(--reel-live-color, #d0121b);
      cursor: default;
    }
    button::before {
      content: '';
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: currentColor;
    }
    :host(:not([edge])) button:hover {
      filter: brightness(1.2);
    }
    button:focus-visible {
      outline: 3px solid #fff;
      outline-offset: 2px;
    }
  `;
  declare edge: boolean;

  constructor() {
    super();
    this.edge = true;
  }

  private _click = () => {
    const root = this.getRootNode() as ShadowRoot;
    (root.querySelector('reel-live') as ReelLive | null)?.seekToLive();
  };

  protected render() {
    return html`<button part="button" aria-label=${this.edge ? 'LIVE: at the live edge' : 'LIVE: go to the live edge'} @click=${this._click}>LIVE</button>`;
  }
}

if (!customElements.get('reel-live')) customElements.define('reel-live', ReelLive);
if (!customElements.get('reel-live-button')) customElements.define('reel-live-button', ReelLiveButton);
