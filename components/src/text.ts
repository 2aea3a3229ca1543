import { css, html, nothing } from 'lit';
import { ChapterInfo, EmbedInfo, getJSON } from './api.js';
import { define, EmbedElement } from './base.js';
import type { ReelPlayer } from './player.js';
import { Cue, cueAt, formatTime, parseVTT, sameLang, withToken } from './util.js';

interface Transcript {
  language: string;
  segments: Cue[];
}

/**
 * `<reel-text embed="…">`: the transcript of a video. Linked to the
 * `<reel-player>` with the same embed on the page (or the one the `player`
 * selector names): highlights the current cue, seeks on click, scrolls along.
 *
 * @element reel-text
 * @fires cue-click - a cue was activated (detail: {start, end, text})
 * @csspart list - the list of cues
 * @csspart cue - one cue
 * @csspart active - the current cue
 * @csspart time - a cue's start time
 * @csspart chapter - a chapter heading (before the chapter's first cue; a click seeks to its start)
 * @cssprop --reel-accent - the current cue's highlight
 */
export class ReelText extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    language: { type: String },
    player: { type: String },
    autoscroll: { type: String },
    _cues: { state: true },
    _active: { state: true },
  };
  declare language: string | null;
  declare player: string | null;
  /** "off" disables following the player with the scroll position. */
  declare autoscroll: string | null;
  declare _cues: Cue[];
  declare _active: number;

  static styles = css`
    :host {
      display: block;
      max-height: var(--reel-text-height, 20em);
      overflow-y: auto;
      font: 1rem/1.5 var(--reel-font-family, system-ui, sans-serif);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    button {
      all: inherit;
      display: flex;
      gap: 0.75em;
      width: 100%;
      box-sizing: border-box;
      padding: 0.25em 0.5em;
      cursor: pointer;
      border-radius: 4px;
    }
    button:hover,
    button:focus-visible {
      background: rgb(127 127 127 / 0.15);
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    li[aria-current='true'] button {
      background: color-mix(in srgb, var(--reel-accent, #5b8cff) 25%, transparent);
    }
    .ch h3 {
      margin: 0.75em 0 0.25em;
      font-size: 1em;
      font-weight: 650;
    }
    li:first-child.ch h3 {
      margin-top: 0;
    }
    .t {
      opacity: 0.6;
      font-variant-numeric: tabular-nums;
      min-width: 3.5em;
    }
  `;

  private _player: ReelPlayer | null = null;
  private _chapters: ChapterInfo[] = [];
  private _onTime = () => this._tick();

  constructor() {
    super();
    this.language = null;
    this.player = null;
    this.autoscroll = null;
    this._cues = [];
    this._active = -1;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._unlink();
  }

  /** The cues shown. */
  get cues(): Cue[] {
    return this._cues;
  }

  protected willUpdate(changed: Map<PropertyKey, unknown>) {
    super.willUpdate(changed);
    if (changed.has('language') && this.hasUpdated && this._info) void this.onInfo(this._info);
  }

  protected async onInfo(info: EmbedInfo) {
    this._link();
    const base = info.urls.poster ? info.urls.poster.replace(/poster\.jpg(\?.*)?$/, 'transcript.json$1') : '';
    const url = info.transcript || (base.includes('transcript.json') ? base : '');
    let cues: Cue[] = [];
    try {
      const want = this.language;
      let t: Transcript | null = url ? await getJSON<Transcript>(url) : null;
      if (want && (!t || !sameLang(t.language, want))) {
        const sub = info.subtitles?.find((s) => sameLang(s.language, want));
        if (sub) {
          const res = await fetch(withToken(sub.url, this.token), { credentials: 'omit' });
          if (res.ok) t = { language: sub.language, segments: parseVTT(await res.text()) };
        }
      }
      cues = t?.segments ?? [];
    } catch {
      cues = [];
    }
    this._chapters = info.chapters || [];
    this._cues = cues;
    this._tick();
  }

  private _findPlayer(): ReelPlayer | null {
    const root = this.getRootNode() as Document | ShadowRoot;
    if (this.player) return (root.querySelector(this.player) ?? document.querySelector(this.player)) as ReelPlayer | null;
    const sel = `reel-player[embed="${CSS.escape(this.embed || '')}"]`;
    return (root.querySelector(sel) ?? document.querySelector(sel)) as ReelPlayer | null;
  }

  private _link() {
    const p = this._findPlayer();
    if (p === this._player) return;
    this._unlink();
    this._player = p;
    p?.addEventListener('timeupdate', this._onTime);
    p?.addEventListener('seeked', this._onTime);
  }

  private _unlink() {
    this._player?.removeEventListener('timeupdate', this._onTime);
    this._player?.removeEventListener('seeked', this._onTime);
    this._player = null;
  }

  private _tick() {
    if (!this._player) this._link();
    const t = this._player?.currentTime ?? 0;
    const i = cueAt(this._cues, t);
    if (i !== this._active) {
      this._active = i;
      if (i >= 0 && this.autoscroll !== 'off') {
        void this.updateComplete.then(() => {
          const li = this.shadowRoot?.querySelector(`li[data-i="${i}"]`) as HTMLElement | null;
          if (!li) return;
          // Scroll this box only, never the page.
          const top = li.offsetTop - this.clientHeight / 3;
          this.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
        });
      }
    }
  }

  private _seek(c: Cue) {
    this._seekTo(c.start + 0.001);
    this.dispatchEvent(new CustomEvent('cue-click', { detail: c }));
  }

  private _seekTo(t: number) {
    this._link();
    if (this._player) {
      this._player.currentTime = t;
      if (this._player.paused) this._player.play().catch(() => {});
    }
  }

  protected render() {
    if (this._state === 'error') return html`<p part="message" role="alert">${this._message}</p>`;
    if (!this._cues.length) return nothing;
    // Each chapter's heading goes before its first cue (a cue that starts
    // before the next chapter does).
    const heads = new Map<number, ChapterInfo[]>();
    for (const [k, ch] of this._chapters.entries()) {
      const next = this._chapters[k + 1]?.start ?? Infinity;
      const i = this._cues.findIndex((c) => c.start + 0.001 >= ch.start && c.start < next);
      if (i >= 0) heads.set(i, [...(heads.get(i) || []), ch]);
    }
    return html`<ol part="list" aria-label="Transcript">
      ${this._cues.map(
        (c, i) =>
          html`${(heads.get(i) || []).map(
              (ch) =>
                html`<li class="ch" part="chapter">
                  <h3>
                    <button @click=${() => this._seekTo(ch.start)} aria-label=${`${formatTime(ch.start)}: ${ch.title}`}>
                      <span class="t" part="time">${formatTime(ch.start)}</span><span>${ch.title}</span>
                    </button>
                  </h3>
                </li>`,
            )}<li data-i=${i} part=${i === this._active ? 'cue active' : 'cue'} aria-current=${i === this._active ? 'true' : 'false'}>
            <button @click=${() => this._seek(c)} aria-label=${`${formatTime(c.start)}: ${c.text}`}>
              <span class="t" part="time">${formatTime(c.start)}</span><span>${c.text}</span>
            </button>
          </li>`,
      )}
    </ol>`;
  }
}

define('reel-text', ReelText);

declare global {
  interface HTMLElementTagNameMap {
    'reel-text': ReelText;
  }
}
