import { css, html, nothing } from 'lit';
import { EmbedInfo } from './api.js';
import { define, EmbedElement } from './base.js';

/**
 * `<reel-clip embed="…">`: the video's short muted loop, used like an image.
 * Plays while visible, pauses when not; shows the poster to people who
 * prefer reduced motion.
 *
 * @element reel-clip
 * @csspart video - the video element
 * @csspart poster - the poster image (reduced motion, or before loading)
 * @cssprop --reel-clip-fit - object-fit (the `fit` attribute sets it)
 */
export class ReelClip extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    fit: { type: String, reflect: true },
    alt: { type: String },
    _reduced: { state: true },
  };
  declare fit: 'cover' | 'contain' | null;
  declare alt: string | null;
  declare _reduced: boolean;

  static styles = css`
    :host {
      display: inline-block;
      position: relative;
      overflow: hidden;
      width: 320px;
      aspect-ratio: var(--reel-aspect-ratio, 16 / 9);
      background: var(--reel-clip-background, #111);
    }
    :host([hidden]) {
      display: none;
    }
    video,
    img {
      display: block;
      width: 100%;
      height: 100%;
      object-fit: var(--reel-clip-fit, cover);
    }
    :host([fit='contain']) video,
    :host([fit='contain']) img {
      object-fit: contain;
    }
  `;

  private _visible = false;
  private _vio: IntersectionObserver | null = null;
  private _mq: MediaQueryList | null = null;
  private _onMq = () => (this._reduced = !!this._mq?.matches);

  constructor() {
    super();
    this.fit = null;
    this.alt = null;
    this._reduced = false;
  }

  connectedCallback() {
    super.connectedCallback();
    this._mq = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
    this._reduced = !!this._mq?.matches;
    this._mq?.addEventListener('change', this._onMq);
    this._vio = new IntersectionObserver(
      (entries) => {
        this._visible = entries.some((e) => e.isIntersecting);
        this._sync();
      },
      { threshold: 0.2 },
    );
    this._vio.observe(this);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._vio?.disconnect();
    this._mq?.removeEventListener('change', this._onMq);
  }

  /** The <video> when one is shown. */
  get media(): HTMLVideoElement | null {
    return this.shadowRoot?.querySelector('video') ?? null;
  }

  protected async onInfo(_info: EmbedInfo) {
    await this.updateComplete;
    this._sync();
  }

  protected updated() {
    this._sync();
  }

  private _sync() {
    const v = this.media;
    if (!v) return;
    if (this._visible && !this._reduced) v.play().catch(() => {});
    else v.pause();
  }

  protected render() {
    const info = this._info;
    if (!info) return nothing;
    const alt = this.alt ?? info.title ?? '';
    if (this._reduced) return html`<img part="poster" src=${info.urls.poster || undefined} alt=${alt} />`;
    return html`<video
      part="video"
      src=${info.urls.clip}
      poster=${info.urls.poster || undefined}
      muted
      .muted=${true}
      loop
      playsinline
      disablepictureinpicture
      disableremoteplayback
      preload="metadata"
      crossorigin="anonymous"
      aria-label=${alt}
      @playing=${() => this.dispatchEvent(new Event('playing'))}
      @pause=${() => this.dispatchEvent(new Event('pause'))}
    ></video>`;
  }
}

define('reel-clip', ReelClip);

declare global {
  interface HTMLElementTagNameMap {
    'reel-clip': ReelClip;
  }
}
