// Player settings: the defaults every embed of the space, a collection or a
// video picks up at its next lookup (GET/PATCH /v1/…/player), with a live
// preview. <reel-dash-player-settings> is also the video page's Player tab.
import { html, nothing } from 'lit';
import type { components } from '../../api-types.js';
import { Page, Video } from '../api.js';
import { href } from '../router.js';
import { app } from '../state.js';
import { define, errorBox, LightElement, loadElements, readOnlyBanner, toast } from '../ui.js';

type Settings = Record<string, string | number | boolean>;
/** A scope's settings (GET /v1/player-settings…; generated from the OpenAPI document). */
type View = components['schemas']['PlayerSettingsView'];
/** The settings' names, as the player's attributes. */
type SettingName = keyof components['schemas']['PlayerSettings'];

const CONTROLS = ['play', 'time', 'seek', 'volume', 'subtitles', 'audiotracks', 'chapters', 'quality', 'fullscreen', 'rate', 'pip', 'airplay'];
const CONTROL_LABELS: Record<string, string> = {
  play: 'Play',
  time: 'Time',
  seek: 'Seek bar',
  volume: 'Volume',
  subtitles: 'Subtitles',
  audiotracks: 'Audio tracks',
  fullscreen: 'Full screen',
  rate: 'Speed',
  pip: 'Picture in picture',
  chapters: 'Chapters',
  quality: 'Quality',
  airplay: 'AirPlay',
};
/** What <reel-player> shows without a `controls` attribute (DEFAULT_CONTROLS in src/util.ts). */
export const DEFAULT_CONTROLS = 'play time seek volume subtitles audiotracks chapters quality fullscreen airplay';

function pathOf(kind: string, id: string) {
  return kind === 'collection' ? `/v1/collections/${id}/player` : kind === 'video' ? `/v1/videos/${id}/player` : '/v1/space/player';
}

export class PlayerSettings extends LightElement {
  static properties = {
    kind: { type: String },
    scopeId: { type: String },
    previewEmbed: { type: String },
    previewToken: { type: String },
    external: { type: Boolean },
    _view: { state: true },
    _draft: { state: true },
    _error: { state: true },
    _saving: { state: true },
  };
  declare kind: 'space' | 'collection' | 'video';
  declare scopeId: string;
  /** The video the preview plays. */
  declare previewEmbed: string;
  /** Its playback token, for a signed video. */
  declare previewToken: string;
  /** The page shows the preview itself (the video page's player): no preview here; `draft` events carry the settings. */
  declare external: boolean;
  declare _view: View | null;
  /** The form: each setting's value, or null to inherit. */
  declare _draft: Partial<Record<SettingName, string | number | boolean | null>>;
  declare _error: unknown;
  declare _saving: boolean;

  constructor() {
    super();
    this.kind = 'space';
    this.scopeId = '';
    this.previewEmbed = '';
    this.previewToken = '';
    this.external = false;
    this._view = null;
    this._draft = {};
    this._error = null;
    this._saving = false;
  }

  connectedCallback() {
    super.connectedCallback();
    void loadElements();
  }

  willUpdate(ch: Map<string, unknown>) {
    if (ch.has('kind') || ch.has('scopeId')) void this._load();
  }

  updated(ch: Map<string, unknown>) {
    if (this.external && (ch.has('_draft') || ch.has('_view')) && this._view) {
      this.dispatchEvent(new CustomEvent('draft', { detail: this._effective() }));
    }
  }

  private async _load() {
    this._view = null;
    this._error = null;
    try {
      const v = await app.api!.get<View>(pathOf(this.kind, this.scopeId));
      this._view = v;
      this._draft = { ...v.settings };
    } catch (e) {
      this._error = e;
    }
  }

  private _set(key: SettingName, value: string | number | boolean | null) {
    const d = { ...this._draft };
    if (value === null || value === '') delete d[key];
    else d[key] = value;
    this._draft = d;
  }

  private async _save(e: Event) {
    e.preventDefault();
    const v = this._view!;
    const patch: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(v.settings), ...Object.keys(this._draft)] as SettingName[])) {
      const now = this._draft[k] ?? null;
      if (now !== (v.settings[k] ?? null)) patch[k] = now;
    }
    if (!Object.keys(patch).length) {
      toast('Nothing changed.');
      return;
    }
    this._saving = true;
    this._error = null;
    try {
      this._view = await app.api!.patch<View>(pathOf(this.kind, this.scopeId), patch);
      this._draft = { ...this._view.settings };
      toast('Saved. Every embed picks the settings up at its next load.');
    } catch (err) {
      this._error = err;
    } finally {
      this._saving = false;
    }
  }

  /** What the preview shows: the draft over what is inherited. */
  private _effective(): Settings {
    const out = { ...(this._view?.inherited || {}) } as Settings;
    for (const [k, v] of Object.entries(this._draft)) if (v !== null) out[k] = v;
    return out;
  }

  private _inheritNote(key: SettingName) {
    const inh = this._view?.inherited?.[key];
    if (this.kind === 'space') return html`<span class="hint">empty: the player's default</span>`;
    return html`<span class="hint">${inh === undefined ? "empty: the player's default" : html`empty: inherit <code>${String(inh)}</code>`}</span>`;
  }

  private _tri(key: SettingName, label: string) {
    const v = this._draft[key];
    const cur = v === true ? 'on' : v === false ? 'off' : '';
    const inh = this._view?.inherited?.[key];
    const w = app.canWrite;
    return html`<div class="field"><label for=${'ps-' + key}>${label}</label>
      <select id=${'ps-' + key} ?disabled=${!w} @change=${(e: Event) => {
        const s = (e.target as HTMLSelectElement).value;
        this._set(key, s === '' ? null : s === 'on');
      }}>
        <option value="" ?selected=${cur === ''}>${this.kind === 'space' ? 'Default (off)' : `Inherit (${inh === undefined ? 'off' : inh ? 'on' : 'off'})`}</option>
        <option value="on" ?selected=${cur === 'on'}>On</option>
        <option value="off" ?selected=${cur === 'off'}>Off</option>
      </select></div>`;
  }

  private _preview() {
    const s = this._effective();
    if (!this.previewEmbed) {
      return html`<div class="empty"><p>Upload a video to see the preview. <a href=${href('/upload')}>Upload</a></p></div>`;
    }
    const controls = s.controls === undefined ? null : String(s.controls);
    return html`<reel-player
      embed=${this.previewEmbed}
      token=${this.previewToken}
      api=${app.base}
      loading="eager"
      metrics="off"
      data-preview
      color=${s.color ? String(s.color) : ''}
      controls=${controls ?? DEFAULT_CONTROLS}
      ?autoplay=${s.autoplay === true}
      ?muted=${s.muted === true}
      ?loop=${s.loop === true}
      active-subtitle=${s['active-subtitle'] ? String(s['active-subtitle']) : ''}
    ></reel-player>`;
  }

  render() {
    if (this._error && !this._view) return errorBox(this._error);
    const v = this._view;
    if (!v) return html`<p class="muted" role="status">Loading…</p>`;
    const d = this._draft;
    const w = app.canWrite;
    const ctl = d.controls === undefined ? null : String(d.controls).split(/\s+/).filter(Boolean);
    const inhCtl = String(v.inherited.controls ?? DEFAULT_CONTROLS).split(/\s+/);
    const num = (key: SettingName, label: string, hint: string) => html`<div class="field"><label for=${'ps-' + key}>${label} <span class="hint">(${hint})</span></label>
      <input id=${'ps-' + key} type="number" min="0" step="0.1" .value=${d[key] === undefined ? '' : String(d[key])} ?readonly=${!w}
        placeholder=${v.inherited[key] === undefined ? '' : String(v.inherited[key])}
        @input=${(e: Event) => {
          const t = (e.target as HTMLInputElement).value;
          this._set(key, t === '' ? null : Number(t));
        }} />${this._inheritNote(key)}</div>`;
    return html`<div class="grid-2 player-settings">
      <form class="stack" @submit=${this._save} data-player-form>
        <div class="form-grid two">
          <div class="field"><label for="ps-color">Accent colour</label>
            <div class="row" style="flex-wrap:nowrap">
              <input type="color" aria-label="Pick the accent colour" .value=${/^#[0-9a-f]{6}$/i.test(String(d.color ?? v.inherited.color ?? '')) ? String(d.color ?? v.inherited.color) : '#3553d6'} ?disabled=${!w}
                @input=${(e: Event) => this._set('color', (e.target as HTMLInputElement).value)} />
              <input id="ps-color" .value=${d.color === undefined ? '' : String(d.color)} ?readonly=${!w} placeholder=${String(v.inherited.color ?? '#5b8cff')}
                @input=${(e: Event) => this._set('color', (e.target as HTMLInputElement).value.trim())} />
            </div>${this._inheritNote('color')}</div>
          <div class="field"><label for="ps-quality">Highest quality</label>
            <select id="ps-quality" ?disabled=${!w} @change=${(e: Event) => this._set('quality', (e.target as HTMLSelectElement).value || null)}>
              <option value="" ?selected=${!d.quality}>${this.kind === 'space' ? 'Any' : `Inherit (${v.inherited.quality ?? 'any'})`}</option>
              ${['sd', 'hd', 'fhd', 'qhd', 'uhd'].map((q) => html`<option value=${q} ?selected=${d.quality === q}>${{ sd: 'SD (640)', hd: 'HD (1280)', fhd: 'Full HD (1920)', qhd: 'QHD (2560)', uhd: '4K (3840)' }[q]}</option>`)}
            </select></div>
          ${this._tri('autoplay', 'Autoplay')}
          ${this._tri('muted', 'Muted')}
          ${this._tri('loop', 'Loop')}
          <div class="field"><label for="ps-subtitles">Subtitles offered</label>
            <select id="ps-subtitles" ?disabled=${!w} @change=${(e: Event) => this._set('subtitles', (e.target as HTMLSelectElement).value || null)}>
              <option value="" ?selected=${!d.subtitles}>${this.kind === 'space' ? 'All (default)' : `Inherit (${v.inherited.subtitles ?? 'all'})`}</option>
              <option value="all" ?selected=${d.subtitles === 'all'}>All languages</option>
              <option value="original" ?selected=${d.subtitles === 'original'}>The original language only</option>
              <option value="off" ?selected=${d.subtitles === 'off'}>None</option>
            </select></div>
          <div class="field"><label for="ps-active-subtitle">Subtitles at start</label>
            <input id="ps-active-subtitle" .value=${d['active-subtitle'] === undefined ? '' : String(d['active-subtitle'])} ?readonly=${!w} placeholder=${String(v.inherited['active-subtitle'] ?? 'off')}
              @input=${(e: Event) => this._set('active-subtitle', (e.target as HTMLInputElement).value.trim())} /><span class="hint">A language (en), original or off.</span>${this._inheritNote('active-subtitle')}</div>
          <div class="field"><label for="ps-codecs">Codecs to play</label>
            <input id="ps-codecs" .value=${d.codecs == null ? '' : String(d.codecs)} ?readonly=${!w} placeholder=${String(v.inherited.codecs ?? 'the most efficient')}
              @input=${(e: Event) => this._set('codecs', (e.target as HTMLInputElement).value.trim())} /><span class="hint">For videos in several codecs: av1,h264 (most wanted first).</span>${this._inheritNote('codecs')}</div>
          ${num('start', 'Start at', 'seconds')}
          ${num('poster-time', 'Poster frame at', 'seconds')}
          <fieldset class="events-fieldset wide">
            <legend>Controls</legend>
            <label class="check" style="margin-bottom:8px"><input type="checkbox" .checked=${ctl === null} ?disabled=${!w}
              @change=${(e: Event) => this._set('controls', (e.target as HTMLInputElement).checked ? null : inhCtl.join(' '))} />
              ${this.kind === 'space' ? "The player's default controls" : 'Inherit the controls'}</label>
            <div class="events-grid">${CONTROLS.map(
              (c) => html`<label class="check"><input type="checkbox" name="control" value=${c} ?disabled=${!w || ctl === null}
                .checked=${(ctl ?? inhCtl).includes(c)}
                @change=${(e: Event) => {
                  const on = (e.target as HTMLInputElement).checked;
                  const list = new Set(ctl ?? inhCtl);
                  if (on) list.add(c);
                  else list.delete(c);
                  this._set('controls', CONTROLS.filter((x) => list.has(x)).join(' ') || ' ');
                }} /> ${CONTROL_LABELS[c]}</label>`,
            )}</div>
          </fieldset>
        </div>
        ${errorBox(this._error)}
        ${w ? html`<div class="actions"><button class="btn primary" type="submit" data-write ?disabled=${this._saving}>${this._saving ? 'Saving…' : 'Save settings'}</button>
          <button class="btn ghost" type="button" @click=${() => (this._draft = { ...v.settings })}>Reset</button></div>` : nothing}
      </form>
      ${this.external ? html`<p class="muted small">The player above previews these settings as you change them. Every embed of this video takes them at its next load; an attribute the page sets itself always wins.</p>` : html`<div class="stack-sm preview">
        <h2 class="sub">Preview</h2>
        <div class="card" style="overflow:hidden">${this._preview()}</div>
        <p class="muted small">Every <code>&lt;reel-player&gt;</code>, watch page and iframe of ${this.kind === 'space' ? 'this space' : `this ${this.kind}`} takes these settings at its next load; an attribute the page sets itself always wins.</p>
      </div>`}
    </div>`;
  }
}
define('reel-dash-player-settings', PlayerSettings);

/** The Player page: the space's settings, or a collection's. */
export class PlayerPage extends LightElement {
  static properties = { _scope: { state: true }, _preview: { state: true } };
  declare _scope: string;
  declare _preview: string;
  private _off?: () => void;

  constructor() {
    super();
    this._scope = new URLSearchParams(location.search).get('collection') || '';
    this._preview = '';
  }
  connectedCallback() {
    super.connectedCallback();
    this._off = app.on('collections', () => this.requestUpdate());
    void this._pickPreview();
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    this._off?.();
  }

  private async _pickPreview() {
    try {
      const q: Record<string, string | number> = { limit: 1, state: 'ready', archived: 'false' };
      if (this._scope) q.collection = this._scope;
      let page = await app.api!.get<Page<Video>>('/v1/videos', q);
      if (!page.data.length && this._scope) page = await app.api!.get<Page<Video>>('/v1/videos', { limit: 1, state: 'ready', archived: 'false' });
      this._preview = page.data.find((v) => v.playback_policy === 'public')?.embed || '';
    } catch {
      this._preview = '';
    }
  }

  render() {
    return html`<div class="page">
      <div class="page-head"><h1>Player</h1></div>
      ${readOnlyBanner()}
      <div class="card"><div class="card-body">
        <div class="field" style="max-width:420px"><label for="ps-scope">Settings of</label>
          <select id="ps-scope" @change=${(e: Event) => {
            this._scope = (e.target as HTMLSelectElement).value;
            history.replaceState(null, '', href('/player' + (this._scope ? '?collection=' + this._scope : '')));
            void this._pickPreview();
          }}>
            <option value="" ?selected=${!this._scope}>The whole space</option>
            ${app.collectionTree().map(({ c, depth }) => html`<option value=${c.id} ?selected=${c.id === this._scope}>${'\u2003'.repeat(depth)}Collection: ${c.name}</option>`)}
          </select>
          <span class="hint">A collection's settings win over the space's, a video's (on its page, Player tab) over its collections'.</span></div>
        <reel-dash-player-settings .kind=${this._scope ? 'collection' : 'space'} .scopeId=${this._scope} .previewEmbed=${this._preview}></reel-dash-player-settings>
      </div></div>
      <div class="card"><div class="card-body">
        <h2 class="sub">Codecs</h2>
        <reel-dash-codec-policy .kind=${this._scope ? 'collection' : 'space'} .scopeId=${this._scope}></reel-dash-codec-policy>
      </div></div>
    </div>`;
  }
}
define('reel-dash-player', PlayerPage);
