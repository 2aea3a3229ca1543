// The Videos page: every video of the space with its state (live), search,
// filters, cursor pagination and actions on a selection.
import { html, nothing } from 'lit';
import { Page, Video } from '../api.js';
import { href, navigate } from '../router.js';
import { app } from '../state.js';
import { confirmDialog, define, empty, errorBox, fmtDuration, icon, LightElement, readOnlyBanner, stateBadge, toast, when } from '../ui.js';
import { dropZone, uploads } from './upload.js';

const ACTIVE = new Set(['created', 'uploaded', 'processing']);

/**
 * A thumbnail: a frame at the poster time, small (the image URL), else the
 * poster file; the space's playback token for a signed video; an icon
 * under it until one loads, and when none does (a video still processing).
 */
export function poster(v: Video, token: string, width = 240) {
  const tok = (u: string) => (u && v.playback_policy === 'signed' ? u + (u.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token) : u);
  const frame = v.playable && v.urls?.frame ? tok(v.urls.frame.replace(/time=\{time\}&?/, '').replace('{width}', String(width))) : '';
  const fallback = v.state === 'ready' && v.urls?.poster ? tok(v.urls.poster) : '';
  const onError = (e: Event) => {
    const img = e.target as HTMLImageElement;
    if (fallback && img.dataset.fallback !== '1') {
      img.dataset.fallback = '1';
      img.src = fallback;
    } else img.hidden = true;
  };
  const src = frame || fallback;
  return html`<span class="thumb">${icon('video')}${src
    ? html`<img src=${src} alt="" loading="lazy" decoding="async" @error=${onError} />`
    : nothing}${v.duration ? html`<span class="dur">${fmtDuration(v.duration)}</span>` : nothing}</span>`;
}

export class VideosPage extends LightElement {
  static properties = {
    query: { type: String },
    _page: { state: true },
    _error: { state: true },
    _loading: { state: true },
    _selected: { state: true },
    _token: { state: true },
    _busy: { state: true },
  };
  declare query: string;
  declare _page: Page<Video> | null;
  declare _error: unknown;
  declare _loading: boolean;
  declare _selected: Set<string>;
  declare _token: string;
  declare _busy: boolean;
  /** Cursors of the pages before this one (for Previous). */
  private _back: string[] = [];
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _offs: (() => void)[] = [];
  private _seq = 0;
  private _search: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.query = '';
    this._page = null;
    this._error = null;
    this._loading = true;
    this._selected = new Set();
    this._token = '';
    this._busy = false;
  }

  private get q() {
    return new URLSearchParams(this.query);
  }

  connectedCallback() {
    super.connectedCallback();
    this._offs.push(
      app.on('uploads', () => this.requestUpdate()),
      app.on('videos-changed', () => this._schedule(100)),
      app.on('collections', () => this.requestUpdate()),
    );
    document.addEventListener('visibilitychange', this._onVisible);
    void app.playbackToken().then((t) => (this._token = t)).catch(() => {});
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    this._offs.forEach((f) => f());
    this._offs = [];
    clearTimeout(this._timer);
    document.removeEventListener('visibilitychange', this._onVisible);
  }
  private _onVisible = () => {
    if (!document.hidden) this._schedule(0);
  };

  willUpdate(changed: Map<string, unknown>) {
    if (changed.has('query')) {
      this._selected = new Set();
      if (!this.q.get('cursor')) this._back = [];
      this._loading = true;
      this._schedule(0);
    }
  }

  private _schedule(ms: number) {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => void this._load(), ms);
  }

  private async _load() {
    const seq = ++this._seq;
    const q = this.q;
    if (document.hidden && this._page) return; // resumes on visibilitychange
    try {
      const page = await app.api!.get<Page<Video>>('/v1/videos', {
        limit: 25,
        cursor: q.get('cursor'),
        q: q.get('q'),
        state: q.get('state'),
        collection: q.get('collection'),
        archived: q.get('archived'),
      });
      if (seq !== this._seq) return;
      this._page = page;
      this._error = null;
    } catch (e) {
      if (seq !== this._seq) return;
      this._error = e;
    }
    this._loading = false;
    // Live updates: every 2 s while something moves, else every 15 s.
    const moving = uploads.active || (this._page?.data || []).some((v) => ACTIVE.has(v.state));
    this._schedule(moving ? 2000 : 15000);
  }

  private _set(changes: Record<string, string>) {
    const q = this.q;
    for (const [k, v] of Object.entries(changes)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    if (!('cursor' in changes)) q.delete('cursor');
    const s = q.toString();
    navigate('/' + (s ? '?' + s : ''), { replace: !('cursor' in changes) });
  }

  private _toggle(id: string, on: boolean) {
    const s = new Set(this._selected);
    if (on) s.add(id);
    else s.delete(id);
    this._selected = s;
  }

  private async _bulk(kind: 'move' | 'archive' | 'unarchive' | 'delete', collection = '') {
    const ids = [...this._selected];
    if (!ids.length) return;
    const n = ids.length === 1 ? 'this video' : `these ${ids.length} videos`;
    if (kind === 'delete') {
      const ok = await confirmDialog({
        title: `Delete ${ids.length === 1 ? '1 video' : ids.length + ' videos'}?`,
        body: html`Deleting removes ${n} and every file of ${ids.length === 1 ? 'it' : 'them'} (renditions, posters, subtitles). Embeds stop playing. This cannot be undone.`,
        confirm: 'Delete',
        danger: true,
      });
      if (!ok) return;
    }
    this._busy = true;
    const failed: string[] = [];
    for (const id of ids) {
      try {
        if (kind === 'move') await app.api!.patch(`/v1/videos/${id}`, { collection });
        else if (kind === 'delete') await app.api!.del(`/v1/videos/${id}`);
        else await app.api!.post(`/v1/videos/${id}/${kind}`);
      } catch (e) {
        failed.push(`${id}: ${(e as Error).message}`);
      }
    }
    this._busy = false;
    const done = ids.length - failed.length;
    const verb = { move: 'Moved', archive: 'Archived', unarchive: 'Unarchived', delete: 'Deleted' }[kind];
    if (done) toast(`${verb} ${done} video${done > 1 ? 's' : ''}.`);
    if (failed.length) toast(`${failed.length} failed: ${failed.join('; ')}`, true);
    this._selected = new Set();
    this._schedule(0);
  }

  private _filters() {
    const q = this.q;
    const tree = app.collectionTree();
    const onSearch = (e: Event) => {
      const v = (e.target as HTMLInputElement).value;
      clearTimeout(this._search);
      this._search = setTimeout(() => this._set({ q: v.trim() }), 300);
    };
    return html`<form class="toolbar" role="search" @submit=${(e: Event) => e.preventDefault()}>
      <div class="field search"><label for="v-search">Search titles</label><input id="v-search" type="search" .value=${q.get('q') || ''} @input=${onSearch} placeholder="Title contains…" /></div>
      <div class="field"><label for="v-state">State</label>
        <select id="v-state" @change=${(e: Event) => this._set({ state: (e.target as HTMLSelectElement).value })}>
          ${[['', 'Any state'], ['created', 'Waiting for source'], ['uploaded', 'Uploaded'], ['processing', 'Processing'], ['ready', 'Ready'], ['errored', 'Errored']].map(
            ([v, l]) => html`<option value=${v} ?selected=${(q.get('state') || '') === v}>${l}</option>`,
          )}
        </select></div>
      <div class="field"><label for="v-collection">Collection</label>
        <select id="v-collection" @change=${(e: Event) => this._set({ collection: (e.target as HTMLSelectElement).value })}>
          <option value="">All collections</option>
          ${tree.map(({ c, depth }) => html`<option value=${c.id} ?selected=${q.get('collection') === c.id}>${'\u2003'.repeat(depth)}${c.name}</option>`)}
        </select></div>
      <div class="field"><label for="v-archived">Archived</label>
        <select id="v-archived" @change=${(e: Event) => this._set({ archived: (e.target as HTMLSelectElement).value })}>
          ${[['', 'Shown'], ['false', 'Hidden'], ['true', 'Only archived']].map(([v, l]) => html`<option value=${v} ?selected=${(q.get('archived') || '') === v}>${l}</option>`)}
        </select></div>
    </form>`;
  }

  private _bulkBar() {
    const n = this._selected.size;
    if (!n || !app.canWrite) return nothing;
    let target = '';
    return html`<div class="card bulk" role="region" aria-label="Selected videos">
      <div class="card-body row">
        <strong class="grow">${n} selected</strong>
        <label class="visually-hidden" for="bulk-move">Move to collection</label>
        <select id="bulk-move" style="width:auto" @change=${(e: Event) => (target = (e.target as HTMLSelectElement).value)}>
          <option value="">No collection</option>
          ${app.collectionTree().map(({ c, depth }) => html`<option value=${c.id}>${'\u2003'.repeat(depth)}${c.name}</option>`)}
        </select>
        <button class="btn" data-write ?disabled=${this._busy} @click=${() => this._bulk('move', target)}>${icon('folder')}Move</button>
        <button class="btn" data-write ?disabled=${this._busy} @click=${() => this._bulk('archive')}>${icon('archive')}Archive</button>
        <button class="btn" data-write ?disabled=${this._busy} @click=${() => this._bulk('unarchive')}>Unarchive</button>
        <button class="btn danger" data-write ?disabled=${this._busy} @click=${() => this._bulk('delete')}>${icon('trash')}Delete</button>
        <button class="btn ghost" @click=${() => (this._selected = new Set())}>Clear</button>
      </div>
    </div>`;
  }

  private _row(v: Video) {
    const pct = uploads.progressOf(v.id);
    const state = pct !== null && v.state === 'created' ? 'uploading' : v.state;
    const sel = this._selected.has(v.id);
    const badge = stateBadge(state, {
      pct: state === 'uploading' ? pct : state === 'processing' && v.progress !== null ? Math.floor(v.progress) : null,
      playable: v.playable, archived: v.archived,
    });
    const title = v.title || 'Untitled video';
    return html`<tr class=${sel ? 'selected' : ''} data-video=${v.id} data-state=${state}>
      ${app.canWrite
        ? html`<td class="sel"><input type="checkbox" .checked=${sel} aria-label=${`Select ${title}`} @change=${(e: Event) => this._toggle(v.id, (e.target as HTMLInputElement).checked)} /></td>`
        : nothing}
      <td style="width:1%"><a href=${href('/videos/' + v.id)} tabindex="-1" aria-hidden="true">${poster(v, this._token)}</a></td>
      <td style="min-width:0">
        <a class="title" href=${href('/videos/' + v.id)}>${title}</a>
        ${v.playback_policy === 'signed' ? html` <span class="badge" title="Signed playback: players need a token">${icon('lock')}<span class="visually-hidden">Signed</span></span>` : nothing}
        <div class="narrow-only row small" style="margin-top:4px">${badge}</div>
        ${v.state === 'errored' && v.error ? html`<div class="small" style="color:var(--danger)">${v.error.message}</div>` : nothing}
        <div class="small muted narrow-only">${v.collection ? app.collectionName(v.collection) : ''}</div>
      </td>
      <td class="wide-only">${badge}</td>
      <td class="wide-only num">${fmtDuration(v.duration)}</td>
      <td class="wide-only">${v.collection ? html`<a href=${href('/?collection=' + v.collection)}>${app.collectionName(v.collection)}</a>` : html`<span class="muted">–</span>`}</td>
      <td class="wide-only nowrap">${when(v.created_at)}</td>
    </tr>`;
  }

  private _table(list: Video[]) {
    const all = list.length > 0 && list.every((v) => this._selected.has(v.id));
    return html`<div class="card"><div class="table-wrap"><table class="table" data-videos>
      <caption class="visually-hidden">Videos</caption>
      <thead><tr>
        ${app.canWrite
          ? html`<th class="sel"><input type="checkbox" .checked=${all} aria-label="Select all on this page" @change=${(e: Event) => {
              this._selected = (e.target as HTMLInputElement).checked ? new Set(list.map((v) => v.id)) : new Set();
            }} /></th>`
          : nothing}
        <th><span class="visually-hidden">Poster</span></th>
        <th>Title</th>
        <th class="wide-only">State</th>
        <th class="wide-only">Duration</th>
        <th class="wide-only">Collection</th>
        <th class="wide-only">Created</th>
      </tr></thead>
      <tbody>${list.map((v) => this._row(v))}</tbody>
    </table></div></div>`;
  }

  private _empty(filtered: boolean) {
    if (filtered) {
      return html`<div class="card">${empty('video', 'No videos match', 'Nothing matches these filters. Change the search or the filters above.', html`<button class="btn" @click=${() => navigate('/')}>Clear filters</button>`)}</div>`;
    }
    if (!app.canWrite) {
      return html`<div class="card">${empty('video', 'No videos yet', html`Videos uploaded with a read-write key show up here. With the CLI: <code>bin/reel videos upload talk.mp4</code>.`)}</div>`;
    }
    return html`<div class="stack">
      <div class="card"><div class="card-body">
        <div><h2>Upload your first video</h2><p class="muted">Drop files here, or <a href=${href('/upload')}>create one from a URL</a>. It is playable within seconds and ready once every rendition is encoded.</p></div>
        ${dropZone(this, () => '', { compact: true })}
      </div></div>
      <div class="card"><div class="card-body">
        <h2>Or from a terminal</h2>
        <pre tabindex="0"><code>bin/reel login --base-url ${app.base} --api-key $KEY
bin/reel videos upload talk.mp4 --title "My talk" --wait=playable</code></pre>
      </div></div>
    </div>`;
  }

  render() {
    const q = this.q;
    const filtered = ['q', 'state', 'collection', 'archived'].some((k) => q.get(k));
    const list = this._page?.data || [];
    const cursor = q.get('cursor');
    return html`<div class="page">
      <div class="page-head">
        <h1>Videos</h1>
        ${app.canWrite ? html`<a class="btn primary" href=${href('/upload')} data-write>${icon('upload')}Upload</a>` : nothing}
      </div>
      ${readOnlyBanner()}
      ${this._page && (list.length || filtered || cursor) ? this._filters() : nothing}
      ${errorBox(this._error)}
      ${this._bulkBar()}
      ${this._loading && !this._page
        ? html`<div class="card loading" role="status">Loading videos…</div>`
        : list.length
          ? this._table(list)
          : this._page
            ? this._empty(filtered || !!cursor)
            : nothing}
      ${cursor || this._page?.next_cursor
        ? html`<nav class="row" aria-label="Pages">
            <button class="btn" ?disabled=${!cursor} @click=${() => this._set({ cursor: this._back.pop() || '' })}>Previous</button>
            <button class="btn" ?disabled=${!this._page?.next_cursor} data-action="next-page" @click=${() => {
              this._back.push(cursor || '');
              this._set({ cursor: this._page!.next_cursor! });
            }}>Next</button>
          </nav>`
        : nothing}
    </div>`;
  }
}
define('reel-dash-videos', VideosPage);
