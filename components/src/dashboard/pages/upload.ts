// Uploads: the Upload page (files by drag and drop or picker, several at a
// time, or a URL the server fetches) and the uploads tray of the shell, where
// each file is a <reel-upload> (tus: resumable, progress, pause/resume,
// retry) and then follows its video until it is ready.
import { html, nothing } from 'lit';
import { Video } from '../api.js';
import { href, navigate } from '../router.js';
import { app } from '../state.js';
import { define, errorBox, icon, LightElement, loadElements, readOnlyBanner, stateBadge } from '../ui.js';

type Phase = 'sending' | 'sent' | 'ready' | 'errored' | 'failed';

interface UploadEl extends HTMLElement {
  upload(f: File): Promise<void>;
  cancel(): void;
  readonly video: { video: string | null; embed: string | null };
}

export interface UploadItem {
  n: number;
  file: File;
  el: UploadEl;
  videoId: string | null;
  sent: number;
  total: number;
  paused: boolean;
  phase: Phase;
  video: Video | null;
  message: string;
}

/** The uploads of this page, kept while moving between pages. */
class Uploads {
  items: UploadItem[] = [];
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** The upload percentage of a video this page is sending, else null. */
  progressOf(videoId: string): number | null {
    // Sent but not yet "uploaded" in the API's answer: still 100 % uploading.
    const it = this.items.find((i) => i.videoId === videoId && (i.phase === 'sending' || i.phase === 'sent'));
    return it ? (it.phase === 'sent' ? 100 : Math.floor((it.sent / (it.total || 1)) * 100)) : null;
  }
  get active(): boolean {
    return this.items.some((i) => i.phase === 'sending' || i.phase === 'sent');
  }

  async add(files: File[], collection: string) {
    await loadElements();
    for (const file of files) {
      const el = document.createElement('reel-upload') as unknown as UploadEl;
      el.setAttribute('api', app.base);
      el.setAttribute('follow', 'off');
      if (collection) el.setAttribute('collection', collection);
      (el as unknown as { token: string }).token = app.key;
      const item: UploadItem = { n: ++this.seq, file, el, videoId: null, sent: 0, total: file.size, paused: false, phase: 'sending', video: null, message: '' };
      el.addEventListener('progress', (e) => {
        const d = (e as unknown as CustomEvent).detail;
        item.sent = d.sent;
        item.total = d.total;
        this.idFrom(item);
        app.emit('uploads');
      });
      el.addEventListener('success', () => {
        this.idFrom(item);
        item.phase = 'sent';
        item.sent = item.total;
        app.emit('uploads');
        app.emit('videos-changed');
        this.follow();
      });
      el.addEventListener('error', (e) => {
        item.message = (e as unknown as CustomEvent).detail?.message || 'The upload failed.';
        app.emit('uploads');
      });
      this.items.unshift(item);
      app.emit('uploads');
      // The element renders in the tray first, then starts.
      requestAnimationFrame(() => void el.upload(file));
    }
  }

  private idFrom(item: UploadItem) {
    if (!item.videoId && item.el.video?.video) {
      item.videoId = item.el.video.video;
      app.emit('videos-changed');
    }
  }

  cancel(item: UploadItem) {
    if (item.phase === 'sending') item.el.cancel();
    this.items = this.items.filter((i) => i !== item);
    app.emit('uploads');
    app.emit('videos-changed');
  }

  clearFinished() {
    this.items = this.items.filter((i) => i.phase === 'sending' || i.phase === 'sent');
    app.emit('uploads');
  }

  /** Follows uploaded videos until they are ready or errored (one GET each, every 2 s). */
  private follow() {
    clearTimeout(this.timer);
    const pending = this.items.filter((i) => i.phase === 'sent' && i.videoId);
    if (!pending.length || !app.api) return;
    this.timer = setTimeout(async () => {
      for (const it of pending) {
        try {
          const v = await app.api!.get<Video>(`/v1/videos/${it.videoId}`);
          it.video = v;
          if (v.state === 'ready') it.phase = 'ready';
          if (v.state === 'errored') {
            it.phase = 'errored';
            it.message = v.error?.message || 'The video could not be processed.';
          }
        } catch (e) {
          it.phase = 'failed';
          it.message = String((e as Error).message);
        }
      }
      app.emit('uploads');
      this.follow();
    }, 2000);
  }
}

export const uploads = new Uploads();

/** The drop area: several files at once, by drag and drop or the file picker. */
export function dropZone(host: HTMLElement & { requestUpdate(): void }, collection: () => string, opts: { compact?: boolean } = {}) {
  const pick = (e: Event) => ((e.currentTarget as HTMLElement).parentElement!.querySelector('input[type=file]') as HTMLInputElement).click();
  const take = (list: FileList | null | undefined) => {
    const files = [...(list || [])];
    if (files.length) void uploads.add(files, collection());
  };
  return html`<div
    class="drop"
    data-dropzone
    @dragover=${(e: DragEvent) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.add('drag');
    }}
    @dragleave=${(e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('drag')}
    @drop=${(e: DragEvent) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.remove('drag');
      take(e.dataTransfer?.files);
    }}
  >
    <span class="icon">${icon('upload')}</span>
    <p class="lead">Drop video files here</p>
    <p class="muted small">${opts.compact ? 'Several at once; each upload is resumable.' : 'Several at once. Uploads are resumable (tus): pause, resume, or retry after a dropped connection.'}</p>
    <input type="file" accept="video/*,audio/*,.mkv,.mov,.mp4,.webm" multiple hidden aria-label="Choose video files" data-upload-input
      @change=${(e: Event) => {
        const input = e.target as HTMLInputElement;
        take(input.files);
        input.value = '';
      }} />
    <button class="btn primary" type="button" @click=${pick}>Choose files</button>
  </div>`;
}

/** The tray at the bottom right of every page while uploads exist. */
export class UploadTray extends LightElement {
  static properties = { _open: { state: true } };
  declare _open: boolean;
  private off?: () => void;

  constructor() {
    super();
    this._open = true;
  }
  connectedCallback() {
    super.connectedCallback();
    this.off = app.on('uploads', () => this.requestUpdate());
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    this.off?.();
  }

  private _item(it: UploadItem) {
    const link = it.videoId ? href(`/videos/${it.videoId}`) : '';
    if (it.phase === 'sending') {
      return html`<li class="tray-item" data-upload=${it.n} data-video=${it.videoId || ''}>
        ${it.el}
        <div class="row small">
          <span class="muted grow">${it.message ? html`<span role="alert">${it.message}</span>` : nothing}</span>
          ${link ? html`<a href=${link}>Open</a>` : nothing}
          <button class="btn sm ghost" data-action="cancel-upload" @click=${() => uploads.cancel(it)} aria-label=${`Cancel the upload of ${it.file.name}`}>Cancel</button>
        </div>
      </li>`;
    }
    const state = it.phase === 'sent' ? it.video?.state || 'uploaded' : it.phase === 'ready' ? 'ready' : 'errored';
    return html`<li class="tray-item" data-upload=${it.n} data-video=${it.videoId || ''} data-phase=${it.phase}>
      <div class="row">
        <a class="grow ellipsis" href=${link} style="font-weight:600">${it.file.name}</a>
        ${stateBadge(state, { playable: it.video?.playable })}
      </div>
      ${it.message ? html`<p class="small" role="alert" style="color:var(--danger)">${it.message}</p>` : nothing}
    </li>`;
  }

  render() {
    const items = uploads.items;
    if (!items.length || !app.api) return nothing;
    const sending = items.filter((i) => i.phase === 'sending').length;
    const title = sending ? `Uploading ${sending} file${sending > 1 ? 's' : ''}` : `Uploads (${items.length})`;
    return html`<section class="card tray" aria-label="Uploads">
      <div class="tray-head">
        <h2>${title}</h2>
        ${!uploads.active ? html`<button class="btn sm ghost" @click=${() => uploads.clearFinished()}>Clear</button>` : nothing}
        <button class="btn sm ghost" aria-expanded=${String(this._open)} @click=${() => (this._open = !this._open)}>${this._open ? 'Hide' : 'Show'}</button>
      </div>
      <ul class="tray-list" ?hidden=${!this._open} style="list-style:none;margin:0;padding:0">
        ${items.map((it) => this._item(it))}
      </ul>
    </section>`;
  }
}
define('reel-dash-tray', UploadTray);

/** The Upload page. */
export class UploadPage extends LightElement {
  static properties = { _collection: { state: true }, _error: { state: true }, _busy: { state: true } };
  declare _collection: string;
  declare _error: unknown;
  declare _busy: boolean;
  private off?: () => void;

  constructor() {
    super();
    this._collection = '';
    this._error = null;
    this._busy = false;
  }
  connectedCallback() {
    super.connectedCallback();
    this.off = app.on('collections', () => this.requestUpdate());
    void loadElements();
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    this.off?.();
  }

  private async _fromURL(e: Event) {
    e.preventDefault();
    const f = e.target as HTMLFormElement;
    const data = new FormData(f);
    this._busy = true;
    this._error = null;
    try {
      const v = await app.api!.post<Video>('/v1/videos', {
        input_url: String(data.get('input_url') || '').trim(),
        title: String(data.get('title') || '').trim() || undefined,
        collection: this._collection || undefined,
      });
      app.emit('videos-changed');
      navigate(`/videos/${v.id}`);
    } catch (err) {
      this._error = err;
    } finally {
      this._busy = false;
    }
  }

  render() {
    if (!app.canWrite) {
      return html`<div class="page"><div class="page-head"><h1>Upload</h1></div>${readOnlyBanner()}</div>`;
    }
    const opts = app.collectionTree();
    return html`<div class="page">
      <div class="page-head"><h1>Upload</h1></div>
      <div class="card"><div class="card-body">
        <div class="field" style="max-width:420px">
          <label for="upload-collection">Into collection</label>
          <select id="upload-collection" .value=${this._collection} @change=${(e: Event) => (this._collection = (e.target as HTMLSelectElement).value)}>
            <option value="">No collection</option>
            ${opts.map(({ c, depth }) => html`<option value=${c.id} ?selected=${c.id === this._collection}>${'\u2003'.repeat(depth)}${c.name}</option>`)}
          </select>
          ${opts.length ? nothing : html`<span class="hint">No collections yet: <a href=${href('/collections')}>create one</a> to group videos.</span>`}
        </div>
        ${dropZone(this, () => this._collection)}
      </div></div>
      <div class="card">
        <div class="card-head"><h2>From a URL</h2><p class="muted small">The server fetches the file (http or https; private addresses are refused unless the server allows them).</p></div>
        <form class="card-body" @submit=${this._fromURL}>
          <div class="form-grid two">
            <div class="field wide"><label for="input-url">Video URL</label><input id="input-url" name="input_url" type="url" required placeholder="https://example.com/talk.mp4" /></div>
            <div class="field"><label for="url-title">Title <span class="hint">(optional)</span></label><input id="url-title" name="title" maxlength="512" /></div>
          </div>
          ${errorBox(this._error)}
          <div class="actions"><button class="btn primary" type="submit" ?disabled=${this._busy}>${this._busy ? 'Creating…' : 'Create video'}</button></div>
        </form>
      </div>
      <div class="card">
        <div class="card-head"><h2>From a terminal</h2></div>
        <div class="card-body">
          <pre tabindex="0"><code>bin/reel login --base-url ${app.base} --api-key $KEY
bin/reel videos upload talk.mp4 --title "My talk"${this._collection ? ` --collection ${this._collection}` : ''} --wait=playable</code></pre>
        </div>
      </div>
    </div>`;
  }
}
define('reel-dash-upload', UploadPage);
