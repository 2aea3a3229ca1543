// Live: the space's live streams (issue 32). The list with each stream's
// state; create (the stream key shown once, with the ingest URLs and the
// OBS/FFmpeg settings); per stream: the health of the feed (polled while
// the page is open), a preview player of the session's video while live,
// the viewers of the session (now, peak, latency p50–p95, watch time; its
// last session's between sessions), the settings (PATCH), reset key and
// delete (409 while live).
import { html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ApiError, LiveStats, LiveStream, messageOf, Video } from '../api.js';
import { href, navigate } from '../router.js';
import { app } from '../state.js';
import { confirmDialog, copyButton, define, empty, errorBox, fmtDate, fmtNum, fmtSeconds, icon, LightElement, loadElements, modal, readOnlyBanner, stateBadge, toast, when } from '../ui.js';

/** How often the pages ask for the streams' states (modest: one small GET). */
const POLL_LIST_MS = 5000;
const POLL_STREAM_MS = 3000;

const STATES: Record<string, [string, string, string]> = {
  // state: [label, badge class, what it means]
  active: ['LIVE', 'live', 'Media is flowing: viewers can watch.'],
  connected: ['Connected', 'info', 'A publisher is connected; no media yet.'],
  disconnected: ['Reconnecting', 'pending', 'The publisher left; the session waits for it to come back within the reconnect window.'],
  idle: ['Idle', '', 'No publisher.'],
};

export function liveBadge(state: string) {
  const [label, cls] = STATES[state] || [state, ''];
  return html`<span class="badge ${cls}" data-live-state=${state}><span class="dot"></span>${label}</span>`;
}

/** The full SRT URL a publisher uses (with the key: only in create and reset-key answers). */
export function srtPublishURL(s: LiveStream): string {
  if (!s.ingest.srt_url || !s.ingest.srt_stream_id) return '';
  return `${s.ingest.srt_url}?streamid=${s.ingest.srt_stream_id}`;
}

function rtmpPublishURL(s: LiveStream, key: string): string {
  return s.ingest.rtmp_url ? `${s.ingest.rtmp_url}/${key}` : '';
}

export function ffmpegLine(s: LiveStream, key: string): string {
  const rtmp = rtmpPublishURL(s, key);
  if (rtmp) return `ffmpeg -re -i input.mp4 -c:v libx264 -g 60 -c:a aac -f flv ${rtmp}`;
  const srt = srtPublishURL(s);
  return srt ? `ffmpeg -re -i input.mp4 -c:v libx264 -g 60 -c:a aac -f mpegts '${srt}'` : '';
}

/** The key's hint as the key looks: rsk_…abcd. */
const keyHint = (s: LiveStream) => (s.stream_key_hint ? (s.stream_key_hint.startsWith('…') ? 'rsk_' : '') + s.stream_key_hint : '–');

function noIngest() {
  return html`<p class="banner" role="note" data-no-ingest>${icon('alert')}<span>This server runs no live ingest: start <code>refserver</code> with <code>--rtmp-addr</code> (and/or <code>--srt-addr</code>) to publish.</span></p>`;
}

/** Where to point OBS and FFmpeg; with the key when it is known (right after create / reset-key). */
function publishHelp(s: LiveStream, key: string) {
  const k = key || 'STREAM_KEY';
  const line = ffmpegLine(s, k);
  return html`<div class="stack-sm live-help" data-publish-help>
    <h3>Publishing</h3>
    <ul class="small" style="margin:0;padding-left:20px">
      <li><strong>OBS</strong>: Settings → Stream → Service <em>Custom…</em>; Server: the RTMP server URL; Stream Key: the stream key. Output: keyframe interval 1–2 s.</li>
      <li><strong>FFmpeg</strong> (H.264 or H.265 with AAC or Opus):</li>
    </ul>
    ${line ? html`<div class="secret"><pre tabindex="0" class="cmd" aria-label="FFmpeg command" data-ffmpeg>${line}</pre>${key ? copyButton(line, 'Copy', 'the FFmpeg command') : nothing}</div>` : nothing}
  </div>`;
}

/** The stream key, shown once, with the ingest URLs and the publishing help. */
export function showStreamKey(s: LiveStream, title: string) {
  const key = s.stream_key || '';
  const srt = srtPublishURL(s);
  const rows: [string, string, string][] = [
    ['Stream key', key, 'key'],
    ...(s.ingest.rtmp_url ? [['RTMP server (OBS “Server”)', s.ingest.rtmp_url, 'rtmp'] as [string, string, string]] : []),
    ...(srt ? [['SRT URL (with the key)', srt, 'srt'] as [string, string, string]] : []),
  ];
  return modal<void>(title, (close) => html`<div class="dialog-body" data-secret-dialog data-stream-key-dialog>
    <h2>${title}</h2>
    <p class="banner" role="note">${icon('lock')}<span><strong>You will not see this key again.</strong> Copy it now into OBS or your encoder; Reel keeps only its hash. If you lose it, reset the key.</span></p>
    ${rows.map(
      ([label, value, name]) => html`<div class="field">
        <span class="small" style="font-weight:600">${label}</span>
        <div class="secret"><code data-secret=${name}>${value}</code>${copyButton(value, 'Copy', label)}</div>
      </div>`,
    )}
    ${!s.ingest.rtmp_url && !s.ingest.srt_url ? noIngest() : publishHelp(s, key)}
    <div class="actions"><button class="btn primary" @click=${() => close()} autofocus>I have saved it</button></div>
  </div>`);
}

async function resetKey(s: LiveStream): Promise<LiveStream | undefined> {
  const ok = await confirmDialog({
    title: 'Reset the stream key?',
    body: html`A new key is made and the current one stops working at once: a publisher using it cannot connect again${s.state === 'idle' ? '' : ' (the one connected now keeps its session until it disconnects)'}.`,
    confirm: 'Reset key',
    danger: true,
  });
  if (!ok) return undefined;
  try {
    const n = await app.api!.post<LiveStream>(`/v1/live-streams/${s.id}/reset-key`);
    await showStreamKey(n, 'New stream key');
    return { ...n, stream_key: undefined, ingest: { ...n.ingest, srt_stream_id: undefined } };
  } catch (e) {
    toast(messageOf(e), true);
    return undefined;
  }
}

/** Deletes after a confirmation; throws the API's error (409 while live). */
async function deleteStream(s: LiveStream): Promise<boolean> {
  const ok = await confirmDialog({
    title: `Delete “${s.title || 'Untitled stream'}”?`,
    body: 'Its key stops working and the stream is gone. The videos of its past sessions stay.',
    confirm: 'Delete stream',
    danger: true,
  });
  if (!ok) return false;
  await app.api!.del(`/v1/live-streams/${s.id}`);
  return true;
}

function numberOr(v: FormDataEntryValue | null): number | undefined {
  const s = String(v ?? '').trim();
  return s === '' ? undefined : Number(s);
}

/** The settings fields, shared by the create form and the stream's settings. */
function settingsFields(s: Partial<LiveStream>, idp: string, readOnly = false) {
  return html`
    <div class="field wide"><label for=${idp + 'title'}>Title</label><input id=${idp + 'title'} name="title" maxlength="500" .value=${s.title || ''} placeholder="Morning show" ?readonly=${readOnly} /></div>
    <div class="field"><label for=${idp + 'latency'}>Latency mode <span class="hint">(low: 0.5 s parts; standard: 4 s segments)</span></label>
      <select id=${idp + 'latency'} name="latency_mode" ?disabled=${readOnly}>
        <option value="low" ?selected=${(s.latency_mode || 'low') === 'low'}>Low (LL-HLS)</option>
        <option value="standard" ?selected=${s.latency_mode === 'standard'}>Standard</option>
      </select></div>
    <div class="field"><label for=${idp + 'policy'}>Playback policy</label>
      <select id=${idp + 'policy'} name="playback_policy" ?disabled=${readOnly}>
        <option value="public" ?selected=${(s.playback_policy || 'public') === 'public'}>Public</option>
        <option value="signed" ?selected=${s.playback_policy === 'signed'}>Signed (needs a playback token)</option>
      </select></div>
    <div class="field"><label for=${idp + 'reconnect'}>Reconnect window <span class="hint">(seconds)</span></label>
      <input id=${idp + 'reconnect'} name="reconnect_window" type="number" min="0" step="1" inputmode="numeric" .value=${String(s.reconnect_window ?? 30)} ?readonly=${readOnly} /></div>
    <div class="field"><label for=${idp + 'dvr'}>DVR window <span class="hint">(seconds viewers may seek back)</span></label>
      <input id=${idp + 'dvr'} name="dvr_window" type="number" min="0" step="1" inputmode="numeric" .value=${String(s.dvr_window ?? 7200)} ?readonly=${readOnly} /></div>
    <div class="field"><label for=${idp + 'collection'}>Collection <span class="hint">(of each session's video)</span></label>
      <select id=${idp + 'collection'} name="collection_id" ?disabled=${readOnly}>
        <option value="">None</option>
        ${app.collectionTree().map(({ c, depth }) => html`<option value=${c.id} ?selected=${c.id === s.collection_id}>${'\u2003'.repeat(depth)}${c.name}</option>`)}
      </select></div>
    <label class="check wide"><input type="checkbox" name="record" .checked=${s.record ?? true} ?disabled=${readOnly} /> Record: keep each session as an on-demand video when it ends</label>`;
}

function settingsBody(form: HTMLFormElement) {
  const f = new FormData(form);
  return {
    title: String(f.get('title') || '').trim(),
    latency_mode: String(f.get('latency_mode') || 'low'),
    playback_policy: String(f.get('playback_policy') || 'public'),
    reconnect_window: numberOr(f.get('reconnect_window')),
    dvr_window: numberOr(f.get('dvr_window')),
    collection_id: String(f.get('collection_id') || ''),
    record: f.get('record') === 'on',
  };
}

/** Seconds with one decimal: 1.8 s. */
const fmtLatency = (s: number | null) => (s === null ? '–' : s.toFixed(1));

/**
 * The viewers of the stream's session (GET /v1/live-streams/{id}/stats):
 * now (a heartbeat in the last 30 s), the peak (the most in one minute),
 * latency p50–p95 (behind the wall clock) and watch time. Between sessions,
 * the last session's.
 */
export function viewersCard(v: LiveStats) {
  const l = v.latency_seconds;
  const metrics: [string, string, string, string][] = [
    // label, value, data name, title
    ['Watching now', v.live ? fmtNum(v.viewers_now) : '–', 'now', 'Players with a heartbeat in the last 30 s'],
    ['Peak', fmtNum(v.peak_viewers), 'peak', v.peak_at ? `The most in one minute, at ${fmtDate(v.peak_at)}` : 'The most in one minute'],
    ['Latency p50–p95', l.p50 === null ? '–' : `${fmtLatency(l.p50)}–${fmtLatency(l.p95)} s`, 'latency', 'Seconds behind the wall clock, as the players measure it'],
    ['Watch time', fmtSeconds(v.watch_time_seconds), 'watch', 'What its viewers watched'],
  ];
  return html`<section class="stack-sm" data-live-viewers=${v.video_id}>
    <div class="row"><h2>Viewers</h2><span class="muted small">${v.live ? 'this session' : 'the last session'}</span></div>
    <div class="cards">
      ${metrics.map(([label, value, name, title]) => html`<div class="card metric" title=${title}><span class="value" data-viewers=${name}>${value}</span><span class="label">${label}</span></div>`)}
    </div></section>`;
}

function videoLink(id: string, label: string) {
  return id ? html`<a href=${href('/videos/' + id)} data-video-link=${id}>${label}</a>` : html`<span class="muted">–</span>`;
}

// ---------------------------------------------------------------- the list

export class LivePage extends LightElement {
  static properties = { _list: { state: true }, _error: { state: true }, _formError: { state: true }, _busy: { state: true } };
  declare _list: LiveStream[] | null;
  declare _error: unknown;
  declare _formError: unknown;
  declare _busy: boolean;
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _off?: () => void;
  /** Bumped after a create: the form is drawn anew, with the defaults. */
  private _formN = 0;

  constructor() {
    super();
    this._list = null;
    this._error = null;
    this._formError = null;
    this._busy = false;
  }
  connectedCallback() {
    super.connectedCallback();
    this._off = app.on('collections', () => this.requestUpdate());
    if (!app.collections.length) void app.loadCollections().catch(() => {});
    void this._load();
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._timer);
    this._timer = undefined;
    this._off?.();
  }

  private async _load() {
    clearTimeout(this._timer);
    try {
      const list = await app.api!.all<LiveStream>('/v1/live-streams');
      this._list = list.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      this._error = null;
    } catch (e) {
      this._error = e;
    }
    if (!this.isConnected) return;
    this._timer = setTimeout(() => (document.hidden ? (this._timer = setTimeout(() => void this._load(), POLL_LIST_MS)) : void this._load()), POLL_LIST_MS);
  }

  private async _create(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    this._busy = true;
    this._formError = null;
    try {
      const body = settingsBody(form);
      const s = await app.api!.post<LiveStream>('/v1/live-streams', { ...body, title: body.title || undefined, collection_id: body.collection_id || undefined });
      this._formN++;
      void this._load();
      await showStreamKey(s, 'Live stream created');
      navigate(`/live-streams/${s.id}`);
    } catch (err) {
      this._formError = err;
    } finally {
      this._busy = false;
    }
  }

  private async _reset(s: LiveStream) {
    if (await resetKey(s)) void this._load();
  }

  private async _delete(s: LiveStream) {
    try {
      if (!(await deleteStream(s))) return;
      toast('Live stream deleted.');
      void this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  render() {
    const w = app.canWrite;
    const list = this._list;
    return html`<div class="page">
      <div class="page-head"><h1>Live</h1></div>
      ${readOnlyBanner()}
      <p class="muted">Publish over RTMP or SRT (OBS, FFmpeg); viewers watch in low-latency HLS, and each session becomes an ordinary video when it ends.</p>
      ${errorBox(this._error)}
      ${list === null && !this._error
        ? html`<div class="card loading" role="status">Loading…</div>`
        : list?.length
          ? html`<div class="card"><div class="table-wrap"><table class="table" data-live-streams>
              <thead><tr><th>Stream</th><th>State</th><th class="wide-only">Last session</th><th class="wide-only">Created</th>${w ? html`<th><span class="visually-hidden">Actions</span></th>` : nothing}</tr></thead>
              <tbody>${list.map((s) => html`<tr data-live-stream=${s.id} data-state=${s.state}>
                <td style="max-width:420px"><a class="title ellipsis" style="display:block" href=${href('/live-streams/' + s.id)}>${s.title || 'Untitled stream'}</a>
                  <div class="small muted">${s.latency_mode === 'low' ? 'Low latency' : 'Standard latency'}${s.record ? ' · recorded' : ''}${s.playback_policy === 'signed' ? ' · signed' : ''}</div>
                  ${s.active_video_id || s.last_video_id ? html`<div class="narrow-only small">${s.active_video_id ? videoLink(s.active_video_id, 'Live video') : videoLink(s.last_video_id, 'Last video')}</div>` : nothing}</td>
                <td>${liveBadge(s.state)}</td>
                <td class="wide-only">${s.active_video_id ? videoLink(s.active_video_id, 'Live video') : videoLink(s.last_video_id, 'Last video')}</td>
                <td class="wide-only nowrap">${when(s.created_at)}</td>
                ${w
                  ? html`<td class="row-actions"><div class="actions" style="justify-content:flex-end;flex-wrap:nowrap">
                      <button class="btn sm" data-write data-action="reset-key" @click=${() => this._reset(s)}>${icon('refresh')}<span class="wide-inline">Reset key</span><span class="visually-hidden"> of ${s.title || s.id}</span></button>
                      <button class="btn sm danger" data-write data-action="delete" @click=${() => this._delete(s)}>${icon('trash')}<span class="wide-inline">Delete</span><span class="visually-hidden"> ${s.title || s.id}</span></button>
                    </div></td>`
                  : nothing}
              </tr>`)}</tbody></table></div></div>`
          : list
            ? html`<div class="card">${empty('live', 'No live streams yet', w ? 'Create one below: you get a stream key to publish with from OBS or FFmpeg.' : 'A read-write key can create them.')}</div>`
            : nothing}
      ${w
        ? html`<div class="card"><div class="card-head"><h2>Create a live stream</h2></div>
            ${keyed(this._formN, html`<form class="card-body form-grid two" @submit=${this._create} data-live-form>
              ${settingsFields({}, 'new-')}
              ${errorBox(this._formError)}
              <div class="actions wide"><button class="btn primary" type="submit" data-write ?disabled=${this._busy}>${icon('plus')}Create stream</button></div>
            </form>`)}</div>`
        : nothing}
    </div>`;
  }
}
define('reel-dash-live', LivePage);

// ---------------------------------------------------------------- one stream

export class LiveStreamPage extends LightElement {
  static properties = {
    streamId: { type: String },
    _s: { state: true },
    _video: { state: true },
    _last: { state: true },
    _viewers: { state: true },
    _error: { state: true },
    _actionError: { state: true },
    _formError: { state: true },
    _token: { state: true },
    _checked: { state: true },
  };
  declare streamId: string;
  declare _s: LiveStream | null;
  /** The current session's video (for the preview player's embed). */
  declare _video: Video | null;
  /** The last session's video, followed until its recording is ready. */
  declare _last: Video | null;
  /** The viewers of the current (or last) session; null before one, or without analytics. */
  declare _viewers: LiveStats | null;
  declare _error: unknown;
  declare _actionError: unknown;
  declare _formError: unknown;
  declare _token: string;
  declare _checked: string;
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _off?: () => void;

  constructor() {
    super();
    this.streamId = '';
    this._s = null;
    this._video = null;
    this._last = null;
    this._viewers = null;
    this._error = null;
    this._actionError = null;
    this._formError = null;
    this._token = '';
    this._checked = '';
  }
  connectedCallback() {
    super.connectedCallback();
    void loadElements();
    this._off = app.on('collections', () => this.requestUpdate());
    if (!app.collections.length) void app.loadCollections().catch(() => {});
    void app.playbackToken().then((t) => (this._token = t)).catch(() => {});
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._timer);
    this._timer = undefined;
    this._off?.();
  }
  willUpdate(ch: Map<string, unknown>) {
    if (ch.has('streamId') && this.streamId) {
      this._s = null;
      this._video = null;
      this._last = null;
      this._viewers = null;
      void this._load();
    }
  }

  /** The stream's state every few seconds while the page is open. */
  private async _load() {
    clearTimeout(this._timer);
    const id = this.streamId;
    try {
      const s = await app.api!.get<LiveStream>(`/v1/live-streams/${id}`);
      if (id !== this.streamId) return;
      this._s = s;
      this._error = null;
      this._checked = new Date().toISOString();
      const vid = s.active_video_id;
      if (vid && this._video?.id !== vid) this._video = await app.api!.get<Video>(`/v1/videos/${vid}`);
      else if (!vid) this._video = null;
      const last = s.last_video_id && s.last_video_id !== vid ? s.last_video_id : '';
      if (last && (this._last?.id !== last || !['ready', 'errored'].includes(this._last.state))) {
        this._last = await app.api!.get<Video>(`/v1/videos/${last}`).catch(() => this._last);
      }
      // The viewers, with the state (a server without analytics: none shown).
      this._viewers = vid || s.last_video_id ? await app.api!.get<LiveStats>(`/v1/live-streams/${id}/stats`).catch(() => null) : null;
    } catch (e) {
      this._error = e;
      if (e instanceof ApiError && e.status === 404) return;
    }
    if (!this.isConnected) return;
    this._timer = setTimeout(() => (document.hidden ? (this._timer = setTimeout(() => void this._load(), POLL_STREAM_MS)) : void this._load()), POLL_STREAM_MS);
  }

  private async _save(e: Event) {
    e.preventDefault();
    this._formError = null;
    try {
      this._s = await app.api!.patch<LiveStream>(`/v1/live-streams/${this.streamId}`, settingsBody(e.target as HTMLFormElement));
      toast('Saved.');
    } catch (err) {
      this._formError = err;
    }
  }

  private async _reset() {
    const n = await resetKey(this._s!);
    if (n) this._s = n;
  }

  private async _delete() {
    this._actionError = null;
    try {
      if (!(await deleteStream(this._s!))) return;
      toast('Live stream deleted.');
      navigate('/live-streams');
    } catch (e) {
      this._actionError = e;
    }
  }

  private _preview(s: LiveStream) {
    const v = this._video;
    const live = s.state === 'active' || s.state === 'disconnected';
    if (live && v && v.id === s.active_video_id) {
      const token = v.playback_policy === 'signed' ? this._token : '';
      return keyed(v.id, html`<reel-player embed=${v.embed} api=${app.base} loading="eager" metrics="off" muted token=${token} data-live-preview=${v.id}></reel-player>`);
    }
    const [title, body] =
      s.state === 'connected'
        ? ['Waiting for media', 'A publisher is connected; the preview starts when its first frames arrive.']
        : live
          ? ['Loading the preview…', '']
          : ['Not live', 'Start publishing to this stream: the preview plays here while it is live.'];
    return html`<div class="player-msg live-off">${empty('live', title, body)}</div>`;
  }

  render() {
    const s = this._s;
    if (!s) {
      return html`<div class="page"><div><a class="small" href=${href('/live-streams')}>← Live</a></div><div class="page-head"><h1>Live stream</h1></div>
        ${this._error ? errorBox(this._error) : html`<div class="card loading" role="status">Loading…</div>`}</div>`;
    }
    const w = app.canWrite;
    const [, , meaning] = STATES[s.state] || ['', '', ''];
    const current = s.active_video_id;
    const srtBase = s.ingest.srt_url ? `${s.ingest.srt_url}?streamid=publish:` : '';
    return html`<div class="page">
      <div><a class="small" href=${href('/live-streams')}>← Live</a></div>
      <div class="page-head">
        <h1>${s.title || 'Untitled stream'}</h1>
        ${w ? html`<div class="actions">
          <button class="btn" data-write data-action="reset-key" @click=${this._reset}>${icon('refresh')}Reset key</button>
          <button class="btn danger" data-write data-action="delete" @click=${this._delete}>${icon('trash')}Delete</button></div>` : nothing}
      </div>
      ${readOnlyBanner()}
      <div data-action-error>${errorBox(this._actionError)}</div>
      ${this._error ? errorBox(this._error) : nothing}
      <div class="grid-2">
        <div class="card" style="overflow:hidden" data-preview>${this._preview(s)}</div>
        <div class="card" data-health><div class="card-head"><h2>Health of the feed</h2><span class="muted small" title=${fmtDate(this._checked)}>refreshes every ${POLL_STREAM_MS / 1000} s</span></div>
          <div class="card-body">
            <div class="row" data-stream-state=${s.state}>${liveBadge(s.state)}<span class="muted small">since ${when(s.state_changed_at)}</span></div>
            <p class="small muted">${meaning}</p>
            <dl class="kv">
              <dt>State changed</dt><dd>${fmtDate(s.state_changed_at)}</dd>
              <dt>Current video</dt><dd data-current-video>${current ? videoLink(current, this._video?.title || current) : html`<span class="muted">none (not live)</span>`}</dd>
              ${s.last_video_id && s.last_video_id !== current ? html`<dt>Last session</dt><dd data-last-video class="row" style="gap:6px">${videoLink(s.last_video_id, (this._last?.id === s.last_video_id && this._last.title) || s.last_video_id)}${this._last?.id === s.last_video_id ? stateBadge(this._last.state) : nothing}</dd>` : nothing}
              <dt>ID</dt><dd class="row" style="gap:4px"><code>${s.id}</code>${copyButton(s.id, 'Copy', 'stream id', true)}</dd>
            </dl>
          </div></div>
      </div>
      ${this._viewers?.video_id ? viewersCard(this._viewers) : nothing}
      <div class="card" data-ingest><div class="card-head"><h2>Ingest</h2></div>
        <div class="card-body">
          ${!s.ingest.rtmp_url && !s.ingest.srt_url
            ? noIngest()
            : html`<div>
                ${s.ingest.rtmp_url ? html`<div class="url-row live-url"><span class="name">RTMP server (OBS “Server”)</span><code data-ingest="rtmp">${s.ingest.rtmp_url}</code>${copyButton(s.ingest.rtmp_url, 'Copy', 'RTMP server URL')}</div>` : nothing}
                ${srtBase ? html`<div class="url-row live-url"><span class="name">SRT URL <span class="muted">(the stream key in place of STREAM_KEY)</span></span><code data-ingest="srt">${srtBase}<span class="muted">STREAM_KEY</span></code>${copyButton(srtBase, 'Copy', 'SRT URL without the key')}</div>` : nothing}
                <div class="url-row live-url"><span class="name">Stream key</span><code data-key-hint>${keyHint(s)}</code>
                  ${w ? html`<button class="btn sm" data-write @click=${this._reset}>${icon('refresh')}Reset</button>` : nothing}</div>
              </div>
              <p class="small muted">The key itself was shown once, when the stream was created or its key last reset; only its last characters are kept for display.</p>
              ${publishHelp(s, '')}`}
        </div></div>
      <div class="card"><div class="card-head"><h2>Settings</h2></div>
        <form class="card-body form-grid two" @submit=${this._save} data-live-settings>
          ${settingsFields(s, 'edit-', !w)}
          ${errorBox(this._formError)}
          ${w ? html`<div class="actions wide"><button class="btn primary" type="submit" data-write>Save</button></div>` : nothing}
        </form></div>
    </div>`;
  }
}
define('reel-dash-live-stream', LiveStreamPage);
