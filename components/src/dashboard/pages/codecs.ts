// Codec policy (issue 33): which codecs the videos of the space, a
// collection or a video are encoded in, for which rungs and from how many
// views (GET/PATCH /v1/…/codecs). <reel-dash-codec-policy> sits under the
// player settings, on the Player page and on a video's Player tab.
import { html, nothing } from 'lit';
import type { components } from '../../api-types.js';
import { app } from '../state.js';
import { define, errorBox, LightElement, toast } from '../ui.js';

/** A scope's codec policy (generated from the OpenAPI document). */
type View = components['schemas']['CodecPolicyView'];

const CODECS: [string, string, string][] = [
  ['h264', 'H.264', 'plays everywhere'],
  ['hevc', 'HEVC', 'Apple devices, hardware decoders'],
  ['av1', 'AV1', 'fewest bytes on smooth pictures and screens; every current browser'],
];
/** The rungs a rule may name, as the select shows them. */
const RUNGS: [string, string][] = [
  ['all', 'Every rung'],
  ['>=720p', 'HD and up (720p+)'],
  ['>=1080p', 'Full HD and up (1080p+)'],
  ['>=2160p', '4K only'],
  ['<=720p', 'Up to HD (720p)'],
  ['<=1080p', 'Up to Full HD (1080p)'],
  ['none', 'None'],
];
/** H.264 must keep sd from the start: its choices. */
const H264_RUNGS = RUNGS.filter(([r]) => r === 'all' || r.startsWith('<='));

function pathOf(kind: string, id: string) {
  return kind === 'collection' ? `/v1/collections/${id}/codecs` : kind === 'video' ? `/v1/videos/${id}/codecs` : '/v1/space/codecs';
}

/** Splits a rule into its rungs and its views ("all after 100 views" → ["all", 100]). */
function split(rule: string | undefined): [string, number | null] {
  const m = /^(.*?)\s+after\s+(\d+)\s+views?$/.exec(rule ?? '');
  return m ? [m[1], Number(m[2])] : [rule ?? '', null];
}

export class CodecPolicy extends LightElement {
  static properties = {
    kind: { type: String },
    scopeId: { type: String },
    _view: { state: true },
    _draft: { state: true },
    _error: { state: true },
    _saving: { state: true },
  };
  declare kind: 'space' | 'collection' | 'video';
  declare scopeId: string;
  declare _view: View | null;
  /** Each codec's rule set at this scope; absent: inherit. */
  declare _draft: Record<string, string>;
  declare _error: unknown;
  declare _saving: boolean;

  constructor() {
    super();
    this.kind = 'space';
    this.scopeId = '';
    this._view = null;
    this._draft = {};
    this._error = null;
    this._saving = false;
  }

  willUpdate(ch: Map<string, unknown>) {
    if (ch.has('kind') || ch.has('scopeId')) void this._load();
  }

  private async _load() {
    this._view = null;
    this._error = null;
    try {
      const v = await app.api!.get<View>(pathOf(this.kind, this.scopeId));
      this._view = v;
      this._draft = { ...v.rules };
    } catch (e) {
      this._error = e;
    }
  }

  private _setRule(codec: string, rungs: string | null, views: number | null) {
    const d = { ...this._draft };
    if (rungs === null) delete d[codec];
    else d[codec] = rungs !== 'none' && views ? `${rungs} after ${views} views` : rungs;
    this._draft = d;
  }

  private async _save(e: Event) {
    e.preventDefault();
    const v = this._view!;
    const patch: Record<string, string | null> = {};
    for (const c of new Set([...Object.keys(v.rules), ...Object.keys(this._draft)])) {
      const now = this._draft[c] ?? null;
      if (now !== (v.rules[c] ?? null)) patch[c] = now;
    }
    if (!Object.keys(patch).length) {
      toast('Nothing changed.');
      return;
    }
    this._saving = true;
    this._error = null;
    try {
      this._view = await app.api!.patch<View>(pathOf(this.kind, this.scopeId), patch);
      this._draft = { ...this._view.rules };
      const n = this._view.queued ?? 0;
      toast(n ? `Saved. ${n === 1 ? 'One ready video gets' : `${n} ready videos get`} the new codecs in the background.` : 'Saved. New uploads are encoded this way.');
    } catch (err) {
      this._error = err;
    } finally {
      this._saving = false;
    }
  }

  private _state(codec: string) {
    const s = this._view?.video;
    if (!s) return nothing;
    if (s.missing.includes(codec)) return html`<span class="badge pending" title="A job adds it where the server's media pipeline can">Not encoded yet</span>`;
    if (s.waiting.includes(codec)) {
      const [, after] = split(s.rules[codec]);
      return html`<span class="badge info">Waiting: ${s.views} of ${after ?? '?'} views</span>`;
    }
    if (s.encoded.includes(codec)) return html`<span class="badge ok">Encoded</span>`;
    return nothing;
  }

  private _row([codec, name, note]: [string, string, string]) {
    const v = this._view!;
    const w = app.canWrite;
    const own = this._draft[codec];
    const [rungs, views] = split(own);
    const inherited = v.inherited[codec] ?? (codec === 'h264' ? 'all' : 'none');
    const choices = codec === 'h264' ? H264_RUNGS : RUNGS;
    const known = choices.some(([r]) => r === rungs);
    const id = `cp-${codec}`;
    return html`<div class="codec-row" data-codec=${codec}>
      <div class="codec-name"><strong>${name}</strong> ${this._state(codec)}<span class="hint">${note}</span></div>
      <div class="field"><label for=${id}>Rungs</label>
        <select id=${id} ?disabled=${!w} @change=${(e: Event) => {
          const r = (e.target as HTMLSelectElement).value;
          this._setRule(codec, r === '' ? null : r, r === '' ? null : views);
        }}>
          <option value="" ?selected=${own === undefined}>${this.kind === 'space' ? `Default (${inherited})` : `Inherit (${inherited})`}</option>
          ${choices.map(([r, label]) => html`<option value=${r} ?selected=${own !== undefined && rungs === r}>${label}</option>`)}
          ${own !== undefined && !known ? html`<option value=${rungs} selected>${rungs}</option>` : nothing}
        </select></div>
      ${codec === 'h264' ? html`<div class="field"><span class="hint">From the first upload: every browser must play every video.</span></div>` : html`<div class="field"><label for=${id + '-views'}>After views</label>
        <input id=${id + '-views'} type="number" min="1" step="1" inputmode="numeric" placeholder="at upload"
          .value=${views === null ? '' : String(views)} ?readonly=${!w} ?disabled=${own === undefined || rungs === 'none'}
          @input=${(e: Event) => {
            const t = (e.target as HTMLInputElement).value;
            this._setRule(codec, rungs, t === '' ? null : Math.max(1, Math.floor(Number(t))));
          }} /></div>`}
    </div>`;
  }

  render() {
    if (this._error && !this._view) return errorBox(this._error);
    const v = this._view;
    if (!v) return html`<p class="muted" role="status">Loading…</p>`;
    const w = app.canWrite;
    return html`<form class="stack codec-policy" @submit=${this._save} data-codec-form>
      <p class="muted small">Which codecs the ${this.kind === 'space' ? "space's videos are" : this.kind === 'collection' ? "collection's videos are" : 'video is'} encoded in.
        A codec left to inherit takes the ${this.kind === 'video' ? "collection's or the space's" : this.kind === 'collection' ? "parent collection's or the space's" : 'default'} rule.
        A ready video that lacks a codec gets it in the background, as a new version; a codec removed keeps its files until the video is encoded again.</p>
      <div class="codec-rows">${CODECS.map((c) => this._row(c))}</div>
      ${errorBox(this._error)}
      ${w ? html`<div class="actions"><button class="btn primary" type="submit" data-write ?disabled=${this._saving}>${this._saving ? 'Saving…' : 'Save codecs'}</button>
        <button class="btn ghost" type="button" @click=${() => (this._draft = { ...v.rules })}>Reset</button></div>` : nothing}
    </form>`;
  }
}
define('reel-dash-codec-policy', CodecPolicy);
