// The Video page: the player, its state (live), the editable fields,
// poster, subtitles, audio tracks, embed snippets, files and URLs, its
// analytics and its lifecycle events.
import { html, nothing } from 'lit';
import { ApiError, messageOf, Page, Stats, Video, VideoEvent } from '../api.js';
import { retentionChart, lineChart, watchSeries } from '../chart.js';
import { href, navigate } from '../router.js';
import { app } from '../state.js';
import {
  confirmDialog, copyButton, define, empty, errorBox, eventType, fmtBytes, fmtDate, fmtDuration, fmtNum, fmtPct, fmtSeconds, icon,
  LightElement, loadElements, readOnlyBanner, stateBadge, toast,
} from '../ui.js';
import { uploads } from './upload.js';
import { DEFAULT_CONTROLS } from './player.js';

const TABS: [string, string][] = [
  ['settings', 'Settings'],
  ['poster', 'Poster'],
  ['subtitles', 'Subtitles'],
  ['audio', 'Audio tracks'],
  ['embed', 'Embed'],
  ['player', 'Player'],
  ['files', 'Files & URLs'],
  ['analytics', 'Analytics'],
  ['events', 'Events'],
];

const LANGS = ['en', 'fr', 'de', 'es', 'it', 'pt', 'pt-BR', 'nl', 'sv', 'da', 'no', 'fi', 'pl', 'cs', 'ru', 'uk', 'tr', 'ar', 'he', 'hi', 'ja', 'ko', 'zh', 'zh-Hant'];

interface Cue {
  start: number;
  x: number;
  y: number;
  w: number;
  h: number;
  url: string;
}

function withToken(url: string, token: string) {
  return token ? url + (url.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token) : url;
}

/** FFmpeg names a demuxer by its formats ("mov,mp4,m4a,3gp,3g2,mj2"): one name for people. */
function containerName(c: string): string {
  const parts = (c || '').split(',');
  const known = ['mp4', 'webm', 'matroska', 'mov', 'avi', 'mpegts', 'flv', 'ogg'];
  const name = known.find((k) => parts.includes(k)) || parts[0] || '';
  return name === 'matroska' ? 'MKV' : name.toUpperCase();
}

/** 0:07, 1:02:03: a time as a clock reads. */
function clock(s: number): string {
  return s < 1 ? '0:00' : fmtDuration(s);
}

function vttTime(s: string): number {
  const p = s.trim().split(':').map(Number);
  return p.length === 3 ? p[0] * 3600 + p[1] * 60 + p[2] : p[0] * 60 + p[1];
}

/** The cues of a storyboard WebVTT: each a tile of the sprite (#xywh=). */
function parseStoryboard(text: string, base: string): Cue[] {
  const out: Cue[] = [];
  const re = /([\d:.]+)\s*-->\s*[\d:.]+\s*\n([^\n#]+)#xywh=(\d+),(\d+),(\d+),(\d+)/g;
  for (const m of text.matchAll(re)) {
    out.push({ start: vttTime(m[1]), url: new URL(m[2].trim(), base).href, x: +m[3], y: +m[4], w: +m[5], h: +m[6] });
  }
  return out;
}

export class VideoPage extends LightElement {
  static properties = {
    videoId: { type: String },
    _v: { state: true },
    _error: { state: true },
    _tab: { state: true },
    _token: { state: true },
    _saving: { state: true },
    _formError: { state: true },
    _stats: { state: true },
    _statsError: { state: true },
    _board: { state: true },
    _events: { state: true },
    _eventsError: { state: true },
    _subError: { state: true },
    _snippet: { state: true },
    _draft: { state: true },
  };
  declare videoId: string;
  declare _v: Video | null;
  declare _error: unknown;
  declare _tab: string;
  declare _token: string;
  declare _saving: boolean;
  declare _formError: unknown;
  declare _stats: Stats | null;
  declare _statsError: unknown;
  declare _board: Cue[] | null;
  declare _events: Page<VideoEvent> | null;
  declare _eventsError: unknown;
  declare _subError: unknown;
  declare _snippet: string;
  /** On the Player tab: the settings being edited, which the player previews. */
  declare _draft: Record<string, unknown> | null;
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _off?: () => void;

  constructor() {
    super();
    this.videoId = '';
    this._v = null;
    this._error = null;
    this._tab = new URLSearchParams(location.search).get('tab') || 'settings';
    this._token = '';
    this._saving = false;
    this._formError = null;
    this._stats = null;
    this._statsError = null;
    this._board = null;
    this._subError = null;
    this._snippet = 'html';
    this._draft = null;
  }

  connectedCallback() {
    super.connectedCallback();
    void loadElements();
    this._off = app.on('uploads', () => this.requestUpdate());
    void app.playbackToken().then((t) => (this._token = t)).catch(() => {});
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._timer);
    this._off?.();
  }

  willUpdate(changed: Map<string, unknown>) {
    if (changed.has('videoId') && this.videoId) {
      this._v = null;
      this._stats = null;
      this._board = null;
      this._events = null;
      void this._load();
    }
  }

  private async _load() {
    clearTimeout(this._timer);
    const id = this.videoId;
    try {
      const v = await app.api!.get<Video>(`/v1/videos/${id}`);
      if (id !== this.videoId) return;
      this._v = v;
      this._error = null;
      if (this._tab === 'analytics' && !this._stats) void this._loadStats();
      if (this._tab === 'poster' && !this._board) void this._loadBoard();
      if (this._tab === 'events') void this._loadEvents();
    } catch (e) {
      this._error = e;
      if (e instanceof ApiError && e.status === 404) return;
    }
    // Live: every 2 s until ready or errored, then every 20 s (archive,
    // subtitles or edits made elsewhere show up too).
    const moving = !this._v || ['created', 'uploaded', 'processing'].includes(this._v.state);
    this._timer = setTimeout(() => {
      if (document.hidden) this._timer = setTimeout(() => void this._load(), 5000);
      else void this._load();
    }, moving ? 2000 : 20000);
  }

  updated() {
    // Keep the selected tab in sight in a tab strip that scrolls (phones).
    const list = this.querySelector('[role=tablist]') as HTMLElement | null;
    const tab = list?.querySelector('[aria-selected=true]') as HTMLElement | null;
    if (list && tab && (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)) {
      list.scrollLeft = tab.offsetLeft - 24;
    }
  }

  private _selectTab(t: string, focus = false) {
    this._tab = t;
    const u = new URL(location.href);
    u.searchParams.set('tab', t);
    history.replaceState(null, '', u.pathname + u.search);
    if (t === 'analytics' && !this._stats) void this._loadStats();
    if (t === 'poster' && !this._board) void this._loadBoard();
    if (t === 'events' && !this._events) void this._loadEvents();
    if (focus) void this.updateComplete.then(() => (this.querySelector(`#tab-${t}`) as HTMLElement)?.focus());
  }

  /** The video's events with their deliveries, refreshed with the video. */
  private async _loadEvents() {
    const id = this.videoId;
    try {
      const page = await app.api!.get<Page<VideoEvent>>(`/v1/videos/${id}/events`, { limit: 100 });
      if (id !== this.videoId) return;
      this._events = page;
      this._eventsError = null;
    } catch (e) {
      this._eventsError = e;
    }
  }

  private _tabKey(e: KeyboardEvent) {
    const i = TABS.findIndex(([t]) => t === this._tab);
    let j = i;
    if (e.key === 'ArrowRight') j = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = TABS.length - 1;
    else return;
    e.preventDefault();
    this._selectTab(TABS[j][0], true);
  }

  // ------------------------------------------------------------ actions

  private async _patch(body: Record<string, unknown>, ok = 'Saved.') {
    this._saving = true;
    this._formError = null;
    try {
      this._v = await app.api!.patch<Video>(`/v1/videos/${this.videoId}`, body);
      toast(ok);
      return true;
    } catch (e) {
      this._formError = e;
      return false;
    } finally {
      this._saving = false;
    }
  }

  private async _save(e: Event) {
    e.preventDefault();
    const v = this._v!;
    const f = new FormData(e.target as HTMLFormElement);
    const body: Record<string, unknown> = {};
    const title = String(f.get('title') ?? '');
    const description = String(f.get('description') ?? '');
    const collection = String(f.get('collection') ?? '');
    const policy = String(f.get('playback_policy') ?? v.playback_policy);
    if (title !== v.title) body.title = title;
    if (description !== (v.description || '')) body.description = description;
    if (collection !== (v.collection || '')) body.collection = collection;
    if (policy !== v.playback_policy) body.playback_policy = policy;
    const meta: Record<string, string> = {};
    for (const line of String(f.get('metadata') ?? '').split('\n')) {
      const m = /^\s*([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(line);
      if (m) meta[m[1]] = m[2].trim();
      else if (line.trim()) {
        this._formError = new Error(`Metadata: "${line.trim()}" is not key = value.`);
        return;
      }
    }
    if (JSON.stringify(meta) !== JSON.stringify(v.metadata || {})) body.metadata = meta;
    if (!Object.keys(body).length) {
      toast('Nothing changed.');
      return;
    }
    await this._patch(body);
  }

  private async _archive(on: boolean) {
    if (on) {
      const ok = await confirmDialog({
        title: 'Archive this video?',
        body: 'An archived video keeps its files, but it is hidden from public lists and its embeds and assets answer 404 until you unarchive it.',
        confirm: 'Archive',
      });
      if (!ok) return;
    }
    try {
      this._v = await app.api!.post<Video>(`/v1/videos/${this.videoId}/${on ? 'archive' : 'unarchive'}`);
      toast(on ? 'Archived.' : 'Unarchived.');
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _delete() {
    const v = this._v!;
    const ok = await confirmDialog({
      title: 'Delete this video?',
      body: html`<strong>${v.title || v.id}</strong> and every file made from it (renditions, posters, subtitles, analytics) are removed. Embeds stop playing. This cannot be undone.`,
      confirm: 'Delete video',
      danger: true,
    });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/videos/${v.id}`);
      toast('Deleted.');
      app.emit('videos-changed');
      navigate('/');
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _loadStats() {
    try {
      this._stats = await app.api!.get<Stats>(`/v1/videos/${this.videoId}/stats`, { interval: 'day' });
      this._statsError = null;
    } catch (e) {
      this._statsError = e;
    }
  }

  private async _loadBoard() {
    const v = this._v;
    if (!v?.urls?.storyboard || v.state !== 'ready') return;
    try {
      const tok = v.playback_policy === 'signed' ? await app.playbackToken() : '';
      const url = withToken(v.urls.storyboard.replace(/\.jpg(\?|$)/, '.vtt$1'), tok);
      const res = await fetch(url, { credentials: 'omit' });
      if (!res.ok) throw new Error(`The storyboard answered ${res.status}.`);
      this._board = parseStoryboard(await res.text(), url).map((c) => ({ ...c, url: withToken(c.url.split('?')[0], tok) }));
    } catch {
      this._board = [];
    }
  }

  private async _addSubtitles(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    const file = f.get('file') as File | null;
    const lang = String(f.get('language') || '').trim();
    const label = String(f.get('label') || '').trim();
    this._subError = null;
    if (!file || !file.size) {
      this._subError = new Error('Choose a WebVTT or SRT file.');
      return;
    }
    if (!lang) {
      this._subError = new Error('Give the language of the subtitles (a tag such as en or pt-BR).');
      return;
    }
    const text = await file.text();
    const type = /\.srt$/i.test(file.name) ? 'application/x-subrip' : /\.vtt$/i.test(file.name) ? 'text/vtt' : 'text/plain';
    this._saving = true;
    try {
      this._v = await app.api!.put<Video>(`/v1/videos/${this.videoId}/subtitles/${encodeURIComponent(lang)}${label ? '?label=' + encodeURIComponent(label) : ''}`, text, type);
      form.reset();
      toast(`Subtitles (${lang}) added.`);
    } catch (err) {
      this._subError = err;
    } finally {
      this._saving = false;
    }
  }

  private async _deleteSubtitles(lang: string) {
    const ok = await confirmDialog({ title: `Delete the ${lang} subtitles?`, body: 'Players stop offering this language. You can upload the file again later.', confirm: 'Delete', danger: true });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/videos/${this.videoId}/subtitles/${encodeURIComponent(lang)}`);
      toast(`Subtitles (${lang}) deleted.`);
      await this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  // ------------------------------------------------------------ panels

  private _settings(v: Video) {
    const w = app.canWrite;
    const meta = Object.entries(v.metadata || {}).map(([k, val]) => `${k} = ${val}`).join('\n');
    return html`<form class="form-grid two" @submit=${this._save}>
      <div class="field wide"><label for="f-title">Title</label><input id="f-title" name="title" .value=${v.title} maxlength="512" ?readonly=${!w} /></div>
      <div class="field wide"><label for="f-desc">Description</label><textarea id="f-desc" name="description" maxlength="10000" .value=${v.description || ''} ?readonly=${!w}></textarea></div>
      <div class="field"><label for="f-coll">Collection</label>
        <select id="f-coll" name="collection" ?disabled=${!w}>
          <option value="">No collection</option>
          ${app.collectionTree().map(({ c, depth }) => html`<option value=${c.id} ?selected=${c.id === v.collection}>${'\u2003'.repeat(depth)}${c.name}</option>`)}
        </select></div>
      <div class="field"><label for="f-policy">Playback</label>
        <select id="f-policy" name="playback_policy" ?disabled=${!w}>
          <option value="public" ?selected=${v.playback_policy === 'public'}>Public: anyone with the embed id</option>
          <option value="signed" ?selected=${v.playback_policy === 'signed'}>Signed: players need a playback token</option>
        </select></div>
      <div class="field wide"><label for="f-meta">Metadata <span class="hint">one <code>key = value</code> a line, at most 50</span></label>
        <textarea id="f-meta" name="metadata" class="mono" .value=${meta} ?readonly=${!w} placeholder="customer = acme"></textarea></div>
      ${this._formError ? html`<div class="wide">${errorBox(this._formError)}</div>` : nothing}
      ${w ? html`<div class="actions wide"><button class="btn primary" type="submit" data-write ?disabled=${this._saving}>${this._saving ? 'Saving…' : 'Save changes'}</button></div>` : nothing}
    </form>`;
  }

  private _posterPanel(v: Video) {
    if (v.state !== 'ready') return html`<p class="muted">The poster can be chosen once the video is ready (the storyboard is made last).</p>`;
    const tok = v.playback_policy === 'signed' ? this._token : '';
    const frame = (t: number | null, width: number) =>
      withToken((v.urls.frame || '').replace('{time}', t === null ? '' : String(t)).replace('{width}', String(width)).replace(/time=&/, ''), tok);
    const w = app.canWrite;
    const sheetW = Math.max(0, ...(this._board || []).map((c) => c.x + c.w));
    const setTime = (t: number) => this._patch({ poster_time: Math.round(t * 100) / 100 }, `Poster set to ${t.toFixed(1)} s.`);
    const fromPlayer = () => {
      const p = this.querySelector('reel-player') as (HTMLElement & { currentTime?: number }) | null;
      void setTime(p?.currentTime || 0);
    };
    // The job that remakes the poster runs after the answer; when it
    // fails the video keeps the poster it had, and says why only here.
    const failed = v.poster_error
      ? html`<div class="error" role="alert" data-poster-error>${icon('alert')}<div>
          The last poster change failed: ${v.poster_error.message} <span class="code small">(${v.poster_error.code})</span>.
          The video keeps the poster it had${w ? '; set another to try again' : ''}.</div></div>`
      : nothing;
    return html`<div class="stack">
      ${failed}
      <div class="row" style="align-items:flex-start;gap:16px">
        <img src=${frame(v.poster_time, 480)} alt="The current poster" style="width:min(320px,100%);border-radius:8px;background:var(--hover);aspect-ratio:16/9;object-fit:cover" />
        <div class="stack-sm grow">
          <p>Poster time: <strong>${v.poster_time === null ? 'automatic' : v.poster_time + ' s'}</strong></p>
          <p class="muted small">The poster, the lists and the share cards use the frame at this time.</p>
          ${w
            ? html`<div class="actions">
                <button class="btn" data-write @click=${fromPlayer}>Use the player's current frame</button>
                <form class="row" @submit=${(e: Event) => {
                  e.preventDefault();
                  const n = Number(new FormData(e.target as HTMLFormElement).get('t'));
                  if (isFinite(n)) void setTime(Math.min(Math.max(0, n), v.duration));
                }}>
                  <label for="poster-t" class="visually-hidden">Time in seconds</label>
                  <input id="poster-t" name="t" type="number" min="0" max=${v.duration} step="0.1" style="width:110px" placeholder="seconds" />
                  <button class="btn" type="submit" data-write>Set</button>
                </form>
              </div>`
            : nothing}
        </div>
      </div>
      ${errorBox(this._formError)}
      <div>
        <h2 class="sub">From the storyboard</h2>
        ${this._board === null
          ? html`<p class="muted" role="status">Loading the storyboard…</p>`
          : this._board.length
            ? html`<div class="storyboard">${this._board.map(
                (c) => html`<button class="tile" ?disabled=${!w} aria-label=${`Use the frame at ${clock(c.start)}`}
                  style="background-image:url('${c.url}');background-size:calc(var(--k) * ${sheetW}px) auto;background-position:calc(var(--k) * -${c.x}px) calc(var(--k) * -${c.y}px);width:calc(var(--k) * ${c.w}px);height:calc(var(--k) * ${c.h}px)"
                  @click=${() => setTime(c.start)}><span>${clock(c.start)}</span></button>`,
              )}</div>`
            : html`<p class="muted">No storyboard for this video.</p>`}
      </div>
    </div>`;
  }

  private _subtitles(v: Video) {
    const w = app.canWrite;
    const tok = v.playback_policy === 'signed' ? this._token : '';
    return html`<div class="stack">
      ${v.subtitles?.length
        ? html`<div class="table-wrap"><table class="table" data-subtitles><thead><tr><th>Language</th><th>Label</th><th class="wide-only">File</th>${w ? html`<th><span class="visually-hidden">Actions</span></th>` : nothing}</tr></thead>
            <tbody>${v.subtitles.map((s) => html`<tr data-language=${s.language}>
              <td><code>${s.language}</code></td>
              <td>${s.label}<div class="narrow-only small"><a href=${withToken(s.url, tok)} target="_blank" rel="noopener" data-external>${s.language}.vtt</a></div></td>
              <td class="wide-only"><a href=${withToken(s.url, tok)} target="_blank" rel="noopener" data-external>${s.language}.vtt</a></td>
              ${w ? html`<td style="text-align:right"><button class="btn sm danger" data-write @click=${() => this._deleteSubtitles(s.language)}>${icon('trash')}Delete</button></td>` : nothing}
            </tr>`)}</tbody></table></div>`
        : html`<p class="muted">No subtitles yet.${w ? ' Upload a WebVTT or SRT file below; players list it at once, with no re-encode.' : ''}</p>`}
      ${w
        ? html`<form class="form-grid two" @submit=${this._addSubtitles} data-subtitles-form>
            <div class="field wide"><label for="sub-file">Subtitle file (WebVTT or SRT, up to 4 MiB)</label><input id="sub-file" name="file" type="file" accept=".vtt,.srt,text/vtt" /></div>
            <div class="field"><label for="sub-lang">Language</label><input id="sub-lang" name="language" list="sub-langs" placeholder="en" required pattern="[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*" /><datalist id="sub-langs">${LANGS.map((l) => html`<option value=${l}></option>`)}</datalist></div>
            <div class="field"><label for="sub-label">Label <span class="hint">(optional)</span></label><input id="sub-label" name="label" placeholder="English" maxlength="100" /></div>
            ${this._subError ? html`<div class="wide">${errorBox(this._subError)}</div>` : nothing}
            <div class="actions wide"><button class="btn primary" type="submit" data-write ?disabled=${this._saving}>Add subtitles</button></div>
          </form>`
        : nothing}
    </div>`;
  }

  private _audio(v: Video) {
    return html`${v.audio_tracks?.length
      ? html`<div class="table-wrap"><table class="table"><thead><tr><th>Language</th><th>Label</th><th>Default</th></tr></thead>
          <tbody>${v.audio_tracks.map((a) => html`<tr><td><code>${a.language || 'und'}</code></td><td>${a.label}</td><td>${a.default ? 'Yes' : ''}</td></tr>`)}</tbody></table></div>`
      : html`<p class="muted">${v.state === 'ready' ? 'This video has no audio.' : 'Audio tracks are listed once the video is processed.'}</p>`}
      <p class="muted small" style="margin-top:12px">Every audio stream of the uploaded file becomes a track, with its language; players offer a menu when there are several.</p>`;
  }

  private _embed(v: Video) {
    const base = app.base;
    const cdn = app.space?.cdn_url || base + '/cdn';
    const signed = v.playback_policy === 'signed';
    const tokAttr = signed ? ' token="PLAYBACK_TOKEN"' : '';
    const snippets: Record<string, [string, string]> = {
      html: ['HTML', `<script type="module" src="${cdn}/reel.js"></script>\n<reel-player embed="${v.embed}"${tokAttr}></reel-player>`],
      react: ['React', `// npm install @reel/react @reel/components\nimport { Player } from '@reel/react';\n\nexport function Video() {\n  return <Player embed="${v.embed}" api="${base}"${signed ? ' token={playbackToken}' : ''} />;\n}`],
      vue: ['Vue', `<!-- npm install @reel/components; in vite.config: vue({ template: { compilerOptions: { isCustomElement: (t) => t.startsWith('reel-') } } }) -->\n<script setup>\nimport '@reel/components';\n</script>\n\n<template>\n  <reel-player embed="${v.embed}" api="${base}"${signed ? ' :token="playbackToken"' : ''} />\n</template>`],
      svelte: ['Svelte', `<script>\n  import '@reel/components';\n</script>\n\n<reel-player embed="${v.embed}" api="${base}"${signed ? ' token={playbackToken}' : ''}></reel-player>`],
      iframe: ['iframe', `<iframe src="${base}/embed/${v.embed}${signed ? '?token=PLAYBACK_TOKEN' : ''}" width="640" height="360" title="${(v.title || 'Video').replace(/"/g, '&quot;')}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`],
    };
    const cur = snippets[this._snippet] ? this._snippet : 'html';
    const code = snippets[cur][1];
    return html`<div class="stack">
      <div class="row" role="group" aria-label="Snippet language">
        ${Object.entries(snippets).map(([k, [l]]) => html`<button class="btn sm ${k === cur ? 'primary' : ''}" aria-pressed=${String(k === cur)} @click=${() => (this._snippet = k)}>${l}</button>`)}
      </div>
      <pre tabindex="0" data-snippet=${cur}><code>${code}</code></pre>
      <div class="actions">${copyButton(code, 'Copy snippet')}
        <a class="btn sm" href=${`${base}/watch/${v.embed}`} target="_blank" rel="noopener" data-external>${icon('external')}Watch page</a></div>
      ${signed
        ? html`<div class="card" style="box-shadow:none"><div class="card-body">
            <h2 class="sub">Signed playback</h2>
            <p class="muted small">This video plays only with a playback token (<code>aud: "playback"</code>, <code>sub</code>: its embed, a collection or the space, <code>exp</code> at most 7 days). Mint it on your server with an API key (HS256, <code>kid</code> = the key id) or a signing key, and pass it as <code>token</code>:</p>
            <pre tabindex="0"><code>bin/reel tokens playback --embed ${v.embed} --ttl 1h</code></pre>
            <p class="muted small">Or try one here: <a href=${href('/keys')}>API keys → Token minter</a>.</p>
          </div></div>`
        : nothing}
      <p class="muted small">Every attribute of the player (<code>color</code>, <code>controls</code>, <code>autoplay</code>, <code>muted</code>…) is listed in the components' README; the space's <a href=${href('/player')}>player settings</a> apply wherever the page does not set one.</p>
    </div>`;
  }

  private _files(v: Video) {
    const u = v.urls || {};
    const rows: [string, string][] = [];
    const add = (name: string, url?: string) => url && rows.push([name, url]);
    add('HLS', u.hls);
    add('DASH', u.dash);
    add('Poster', u.poster);
    add('Storyboard', u.storyboard);
    add('Clip (muted, first 10 s)', u.clip);
    add('Audio only', u.audio);
    add('Frame (template)', u.frame);
    for (const r of v.renditions || []) add(`MP4 ${r.name} · ${r.width}×${r.height} · ${fmtBytes(r.size)}`, r.url);
    for (const s of v.subtitles || []) add(`Subtitles ${s.language}`, s.url);
    const signed = v.playback_policy === 'signed';
    return html`<div class="stack">
      ${signed ? html`<p class="muted small">${icon('lock')} Signed video: each URL needs <code>?token=</code> with a playback token.</p>` : nothing}
      ${rows.length
        ? html`<div data-urls>${rows.map(([n, url]) => html`<div class="url-row"><div style="min-width:0"><div class="name">${n}</div><code title=${url}>${url}</code></div>${copyButton(url, 'Copy', n)}</div>`)}</div>`
        : html`<p class="muted">The URLs appear as the video is processed.</p>`}
      ${v.playable
        ? html`<div><h2 class="sub">Downloads (<code>&lt;reel-files&gt;</code>)</h2>
            <reel-files embed=${v.embed} api=${app.base} loading="eager" token=${signed ? this._token : ''}></reel-files></div>`
        : nothing}
    </div>`;
  }

  private _analytics() {
    if (this._statsError) return errorBox(this._statsError);
    const s = this._stats;
    if (!s) return html`<p class="muted" role="status">Loading analytics…</p>`;
    if (!s.views) {
      return empty('chart', 'No views in the last 7 days', html`Views are counted when the video is played in <code>&lt;reel-player&gt;</code>, on the watch page or in an embed — without cookies.`);
    }
    const xs = s.series.map((p) => new Date(p.at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }));
    return html`<div class="stack">
      <div class="cards c3">
        ${[
          ['Views', fmtNum(s.views)],
          ['Unique viewers', fmtNum(s.unique_viewers)],
          ['Watch time', fmtSeconds(s.watch_time_seconds)],
          ['Average view', fmtSeconds(s.average_view_seconds)],
          ['Completion', fmtPct(s.completion_rate)],
          ['Startup p50', s.startup_time_ms.p50 === null ? '–' : `${Math.round(s.startup_time_ms.p50)} ms`],
        ].map(([l, val]) => html`<div class="card metric"><span class="value">${val}</span><span class="label">${l}</span></div>`)}
      </div>
      <div><h2 class="sub">Views and watch time</h2>
        ${lineChart(xs, { label: 'Views', values: s.series.map((p) => p.views), format: String, integer: true }, watchSeries(s.series))}</div>
      <div><h2 class="sub">Retention</h2>${retentionChart(s.retention)}</div>
    </div>`;
  }

  private _eventsPanel(v: Video) {
    const list = this._events?.data;
    const deliveries = (e: VideoEvent) =>
      e.deliveries.length
        ? html`<ul class="plain stack-sm">${e.deliveries.map((d) => {
            const last = d.attempts[d.attempts.length - 1];
            return html`<li class="row" style="gap:6px;flex-wrap:wrap" data-delivery=${d.id}>
              <span class="badge ${d.state}">${d.state}</span>
              <span class="small">${last ? (last.status ? `HTTP ${last.status}` : last.error || 'no answer') : 'not tried yet'}${last ? ` · ${last.duration_ms} ms` : ''}${d.attempts.length > 1 ? ` · ${d.attempts.length} attempts` : ''}</span>
              <a class="small" href=${href('/webhooks/' + d.endpoint)}>endpoint <code>${d.endpoint}</code></a>
            </li>`;
          })}</ul>`
        : html`<span class="muted small">Sent to no endpoint (none listened for it then)</span>`;
    return html`<div class="stack">
      ${errorBox(this._eventsError)}
      ${!list
        ? this._eventsError ? nothing : html`<p class="loading muted" role="status">Loading…</p>`
        : list.length === 0
          ? empty('send', 'No events yet', 'Events are written as the video changes state.')
          : html`<div class="table-wrap"><table class="table" data-video-events>
              <caption class="visually-hidden">Events of this video, newest first</caption>
              <thead><tr><th>Event</th><th>Deliveries</th><th class="wide-only">At</th></tr></thead>
              <tbody>${list.map((e) => html`<tr data-event=${e.id} data-type=${e.type}>
                <td>${eventType(e.type)}<div class="narrow-only small muted">${fmtDate(e.created_at)}</div></td>
                <td>${deliveries(e)}</td>
                <td class="wide-only nowrap">${fmtDate(e.created_at)}</td></tr>`)}</tbody></table></div>`}
      ${v.state === 'errored' ? html`<p class="small" style="color:var(--danger)">Errored: <code>${v.error?.code}</code> ${v.error?.message}</p>` : nothing}
      <p class="muted small">Each transition sends its event, with this video as <code>data</code>, to every webhook endpoint that listens for its kind. Attempts and responses are on each endpoint's page under <a href=${href('/webhooks')}>Webhooks</a>.</p>
    </div>`;
  }

  private _panel(v: Video) {
    switch (this._tab) {
      case 'poster':
        return this._posterPanel(v);
      case 'subtitles':
        return this._subtitles(v);
      case 'audio':
        return this._audio(v);
      case 'embed':
        return this._embed(v);
      case 'player':
        return html`<reel-dash-player-settings .kind=${'video'} .scopeId=${v.id} external
          @draft=${(e: CustomEvent) => (this._draft = e.detail)}></reel-dash-player-settings>
          <section class="stack-sm codecs-section" aria-labelledby="codecs-heading">
            <h2 class="sub" id="codecs-heading">Codecs</h2>
            <reel-dash-codec-policy .kind=${'video'} .scopeId=${v.id}></reel-dash-codec-policy>
          </section>`;
      case 'files':
        return this._files(v);
      case 'analytics':
        return this._analytics();
      case 'events':
        return this._eventsPanel(v);
      default:
        return this._settings(v);
    }
  }

  /**
   * The player. On the Player tab it previews the settings being edited (as
   * attributes, which win over the stored ones); elsewhere it plays with the
   * stored settings, like any embed.
   */
  private _player(v: Video) {
    const token = v.playback_policy === 'signed' ? this._token : '';
    const d = this._tab === 'player' ? this._draft : null;
    if (!d) return html`<reel-player embed=${v.embed} api=${app.base} loading="eager" metrics="off" token=${token}></reel-player>`;
    return html`<reel-player embed=${v.embed} api=${app.base} loading="eager" metrics="off" token=${token} data-preview
      color=${d.color ? String(d.color) : ''} controls=${d.controls === undefined ? DEFAULT_CONTROLS : String(d.controls)}
      ?autoplay=${d.autoplay === true} ?muted=${d.muted === true} ?loop=${d.loop === true}
      active-subtitle=${d['active-subtitle'] ? String(d['active-subtitle']) : ''}></reel-player>`;
  }

  render() {
    if (this._error && !this._v) {
      return html`<div class="page"><div class="page-head"><h1>Video</h1></div>${errorBox(this._error)}<p><a href=${href('/')}>Back to the videos</a></p></div>`;
    }
    const v = this._v;
    if (!v) return html`<div class="page"><div class="page-head"><h1>Video</h1></div><div class="card loading" role="status">Loading…</div></div>`;
    const pct = uploads.progressOf(v.id);
    const state = pct !== null && v.state === 'created' ? 'uploading' : v.state;
    const signed = v.playback_policy === 'signed';
    const w = app.canWrite;
    return html`<div class="page">
      <div><a href=${href('/')} class="small">← Videos</a></div>
      <div class="page-head">
        <h1>${v.title || 'Untitled video'}</h1>
        <div class="actions">
          ${v.playable && !v.archived ? html`<a class="btn" href=${`${app.base}/watch/${v.embed}${signed && this._token ? '?token=' + this._token : ''}`} target="_blank" rel="noopener" data-external>${icon('external')}Watch page</a>` : nothing}
          ${w ? html`<button class="btn" data-write @click=${() => this._archive(!v.archived)}>${icon('archive')}${v.archived ? 'Unarchive' : 'Archive'}</button>
              <button class="btn danger" data-write @click=${this._delete}>${icon('trash')}Delete</button>` : nothing}
        </div>
      </div>
      ${readOnlyBanner()}
      <div class="grid-2">
        <div class="card" style="overflow:hidden">
          ${v.archived
            ? html`<div class="player-msg">${empty('archive', 'Archived', 'Archived videos do not play. Unarchive it to play it again.')}</div>`
            : v.state === 'errored'
              ? html`<div class="player-msg">${errorBox(new Error(v.error?.message || 'The video could not be processed.'))}</div>`
              : this._player(v)}
        </div>
        <div class="card"><div class="card-body">
          <div class="row" data-video-state=${state}>${stateBadge(state, { pct: state === 'uploading' ? pct : state === 'processing' && v.progress !== null ? Math.floor(v.progress) : null, playable: v.playable, archived: v.archived })}
            ${state === 'processing' && v.progress !== null
              ? html`<span class="bar grow" role="progressbar" aria-label="Processing" aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.floor(v.progress)}><span style=${`width:${v.progress}%`}></span></span>`
              : ['created', 'uploaded', 'processing'].includes(state) ? html`<span class="bar indeterminate grow" aria-hidden="true"><span></span></span>` : nothing}</div>
          ${v.error ? html`<p class="small" style="color:var(--danger)">${v.error.code}: ${v.error.message}</p>` : nothing}
          <dl class="kv">
            <dt>ID</dt><dd class="row" style="gap:4px"><code>${v.id}</code>${copyButton(v.id, 'Copy', 'video id', true)}</dd>
            <dt>Embed</dt><dd class="row" style="gap:4px"><code>${v.embed}</code>${copyButton(v.embed, 'Copy', 'embed id', true)}</dd>
            <dt>Duration</dt><dd>${fmtDuration(v.duration)}</dd>
            <dt>Size</dt><dd>${v.width ? `${v.width}×${v.height} (${v.aspect_ratio})` : '–'}</dd>
            <dt>Source</dt><dd>${v.source ? `${containerName(v.source.container)} · ${v.source.video_codec || 'no video'}${v.source.audio_codec ? ' + ' + v.source.audio_codec : ''} · ${fmtBytes(v.source.size)}` : '–'}</dd>
            <dt>Renditions</dt><dd>${v.renditions?.length ? v.renditions.map((r) => r.name.replace('h264_', '')).join(', ') : '–'}</dd>
            <dt>Playback</dt><dd>${signed ? html`${icon('lock')} Signed` : 'Public'}</dd>
            <dt>Collection</dt><dd>${v.collection ? html`<a href=${href('/?collection=' + v.collection)}>${app.collectionName(v.collection)}</a>` : '–'}</dd>
            <dt>Created</dt><dd>${fmtDate(v.created_at)}</dd>
            <dt>Ready</dt><dd>${fmtDate(v.ready_at)}</dd>
          </dl>
        </div></div>
      </div>
      <div class="card">
        <div class="tabs" role="tablist" aria-label="Video sections" @keydown=${this._tabKey}>
          ${TABS.map(([t, l]) => html`<button role="tab" id=${'tab-' + t} aria-selected=${String(t === this._tab)} aria-controls="tabpanel" tabindex=${t === this._tab ? 0 : -1} @click=${() => this._selectTab(t)}>${l}</button>`)}
        </div>
        <div class="card-body" role="tabpanel" id="tabpanel" aria-labelledby=${'tab-' + this._tab} data-tab=${this._tab}>${this._panel(v)}</div>
      </div>
    </div>`;
  }
}
define('reel-dash-video', VideoPage);
