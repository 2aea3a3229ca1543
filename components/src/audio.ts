import { css, html, nothing, PropertyValues } from 'lit';
import { Metrics } from '../metrics/src/index.js';
import { apiBase, EmbedInfo } from './api.js';
import { define, EmbedElement } from './base.js';
import './media-chrome.js';
import { loadMenus } from './menus.js';
import { parseControls } from './util.js';

/**
 * `<reel-audio embed="…">`: the video's audio-only file with the same
 * controls vocabulary as `<reel-player>` (play time seek volume rate).
 *
 * @element reel-audio
 * @csspart controller - the media-controller
 * @csspart control-bar - the bar of controls
 * @cssprop --reel-accent - accent color
 */
export class ReelAudio extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    controls: { type: String },
    color: { type: String },
    autoplay: { type: Boolean },
    loop: { type: Boolean },
    start: { type: Number },
    metrics: { type: String },
  };
  declare controls: string | null;
  declare color: string | null;
  declare autoplay: boolean;
  declare loop: boolean;
  declare start: number | null;
  declare metrics: string | null;

  static styles = css`
    :host {
      display: block;
      min-width: 240px;
    }
    media-controller {
      width: 100%;
      --media-primary-color: var(--reel-control-color, #fff);
      --media-accent-color: var(--reel-accent, #5b8cff);
      --media-range-bar-color: var(--reel-accent, #5b8cff);
      --media-control-background: var(--reel-control-background, #222);
      border-radius: var(--reel-radius, 6px);
      overflow: hidden;
    }
    media-control-bar {
      width: 100%;
    }
    media-time-range {
      flex: 1;
    }
    p {
      margin: 0;
      padding: 0.5em;
      font: 0.9rem system-ui, sans-serif;
    }
  `;

  readonly media: HTMLAudioElement;
  private _metrics: Metrics | null = null;

  constructor() {
    super();
    this.controls = null;
    this.color = null;
    this.autoplay = false;
    this.loop = false;
    this.start = null;
    this.metrics = null;
    const a = document.createElement('audio');
    a.setAttribute('slot', 'media');
    a.setAttribute('crossorigin', 'anonymous');
    a.setAttribute('preload', 'metadata');
    for (const type of ['play', 'pause', 'ended', 'timeupdate', 'playing', 'seeked', 'loadedmetadata', 'volumechange', 'error']) {
      a.addEventListener(type, () => this.dispatchEvent(new Event(type)));
    }
    this.media = a;
  }

  async play() {
    if (this._state !== 'ready') await this.load();
    return this.media.play();
  }
  pause() {
    this.media.pause();
  }
  get currentTime() {
    return this.media.currentTime;
  }
  set currentTime(t: number) {
    this.media.currentTime = t;
  }
  get duration() {
    return this.media.duration;
  }
  get paused() {
    return this.media.paused;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._metrics?.destroy();
    this._metrics = null;
  }

  protected async onInfo(info: EmbedInfo) {
    const a = this.media;
    a.loop = this.loop;
    a.src = info.urls.audio;
    if (this.start) a.addEventListener('loadedmetadata', () => (a.currentTime = this.start || 0), { once: true });
    if (this.metrics !== 'off') {
      this._metrics?.destroy();
      this._metrics = new Metrics({ endpoint: `${apiBase(this)}/v1/events`, embed: info.embed });
      this._metrics.attach(a);
    }
    if (this.autoplay) a.play().catch(() => {});
  }

  protected updated(changed: PropertyValues<this>) {
    super.updated(changed);
    // The rate button is in the lazy chunk (dist/menus.js).
    if (changed.has('controls') && parseControls(this.controls ?? '').has('rate')) {
      loadMenus().catch((e) => console.warn('reel-audio: the rate button failed to load', e));
    }
  }

  protected render() {
    const c = parseControls(this.controls ?? 'play time seek volume');
    return html`<media-controller
      audio
      part="controller"
      novolumepref
      nomutedpref
      nosubtitleslangpref
      style=${this.color ? `--reel-accent:${this.color}` : ''}
      aria-label=${this._info?.title ? `Audio: ${this._info.title}` : 'Audio player'}
    >
      ${this.media}
      <media-control-bar part="control-bar">
        ${c.has('play') ? html`<media-play-button></media-play-button>` : nothing}
        ${c.has('time') ? html`<media-time-display showduration></media-time-display>` : nothing}
        ${c.has('seek') ? html`<media-time-range></media-time-range>` : nothing}
        ${c.has('rate') ? html`<media-playback-rate-button></media-playback-rate-button>` : nothing}
        ${c.has('volume') ? html`<media-mute-button></media-mute-button><media-volume-range></media-volume-range>` : nothing}
      </media-control-bar>
    </media-controller>
    ${this._state === 'error' || this._state === 'processing' ? html`<p part="message" role=${this._state === 'error' ? 'alert' : 'status'}>${this._message}</p>` : nothing}`;
  }
}

define('reel-audio', ReelAudio);

declare global {
  interface HTMLElementTagNameMap {
    'reel-audio': ReelAudio;
  }
}
