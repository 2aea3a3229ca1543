import { css, html, LitElement, nothing } from 'lit';
import { apiBase, describeError, lookupEmbed, ReelError } from './api.js';
import { define } from './base.js';
import type { TusUpload } from './lazy/tus.js';

// tus-js-client is a separate chunk (dist/tus.js), fetched on the first upload.
let tusModule: Promise<typeof import('./lazy/tus.js')> | null = null;
function loadTus() {
  if (!tusModule) {
    tusModule = import(/* @vite-ignore */ ReelUpload.tusSrc || new URL('./tus.js', import.meta.url).href);
    tusModule.catch(() => (tusModule = null));
  }
  return tusModule;
}
import { backoff, humanSize } from './util.js';

export type UploadState = 'idle' | 'uploading' | 'paused' | 'processing' | 'playable' | 'error';

/**
 * `<reel-upload token="…">`: resumable (tus) uploads by drag and drop or
 * file picker, with progress, pause/resume and retry; then follows the new
 * video until it can be played.
 *
 * Each state has a slot whose content replaces the default:
 * `idle`, `uploading`, `paused`, `processing`, `playable`, `error`.
 *
 * @element reel-upload
 * @slot idle - the drop zone content
 * @slot uploading - shown while uploading
 * @slot paused - shown while paused
 * @slot processing - shown after the upload, until the video is playable
 * @slot playable - shown once the video is playable
 * @slot error - shown after a failure
 * @fires upload-start - a file was chosen (detail: {file})
 * @fires progress - bytes sent (detail: {sent, total})
 * @fires success - the upload completed (detail: {video, embed})
 * @fires playable - the new video can be played (detail: {video, embed})
 * @fires error - the upload failed (detail: {code, message})
 * @csspart dropzone - the drop zone
 * @csspart file - the chosen file: its name, size and progress
 * @csspart progress - the progress bar
 * @csspart button - the buttons
 * @csspart primary-button - the "Choose a file" button
 * @cssprop --reel-accent - the button, the progress bar and the drag-over highlight
 * @cssprop --reel-upload-border - the drop zone's dashed border (default: the text color, faded)
 * @cssprop --reel-upload-background - the drop zone's background
 * @cssprop --reel-radius - corner radius of the drop zone (default 12px)
 */
export class ReelUpload extends LitElement {
  static properties = {
    token: { type: String },
    api: { type: String },
    endpoint: { type: String },
    accept: { type: String },
    videoTitle: { type: String, attribute: 'video-title' },
    collection: { type: String },
    chunkSize: { type: Number, attribute: 'chunk-size' },
    follow: { type: String },
    _state: { state: true },
    _sent: { state: true },
    _total: { state: true },
    _message: { state: true },
    _drag: { state: true },
  };
  declare token: string | null;
  declare api: string | null;
  declare endpoint: string | null;
  declare accept: string;
  /** Title of the new video (default: the file name without extension). */
  declare videoTitle: string;
  declare collection: string | null;
  declare chunkSize: number | null;
  /** "off": do not poll the new video after the upload */
  declare follow: string | null;
  declare _state: UploadState;
  declare _sent: number;
  declare _total: number;
  declare _message: string;
  declare _drag: boolean;

  /** ms before the first poll of the new video */
  static pollBase = 1000;
  /** Overrides where the tus chunk is loaded from (default: next to reel.js). */
  static tusSrc = '';

  static styles = css`
    :host {
      display: block;
      font: 1rem/1.45 var(--reel-font-family, system-ui, sans-serif);
      --_accent: var(--reel-accent, #5b8cff);
    }
    .zone {
      box-sizing: border-box;
      min-height: 12em;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 0.75em;
      border: 2px dashed var(--reel-upload-border, color-mix(in srgb, currentColor 28%, transparent));
      border-radius: var(--reel-radius, 12px);
      padding: 2em 1.25em;
      text-align: center;
      background: var(--reel-upload-background, color-mix(in srgb, currentColor 3%, transparent));
    }
    .zone:hover {
      border-color: color-mix(in srgb, var(--_accent) 60%, transparent);
    }
    .zone.drag {
      border-color: var(--_accent);
      border-style: solid;
      background: color-mix(in srgb, var(--_accent) 12%, transparent);
    }
    .zone > div {
      width: 100%;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.75em;
    }
    .icon {
      width: 52px;
      height: 52px;
      border-radius: 50%;
      display: grid;
      place-items: center;
      color: var(--_accent);
      background: color-mix(in srgb, var(--_accent) 14%, transparent);
    }
    .icon svg {
      width: 26px;
      height: 26px;
    }
    p {
      margin: 0;
    }
    .lead {
      font-weight: 600;
    }
    .hint,
    .meta {
      font-size: 0.875em;
      opacity: 0.7;
    }
    button {
      font: inherit;
      font-weight: 600;
      font-size: 0.9375em;
      padding: 0.55em 1.25em;
      border-radius: 999px;
      border: 1px solid color-mix(in srgb, currentColor 25%, transparent);
      background: transparent;
      color: inherit;
      cursor: pointer;
    }
    button:hover {
      border-color: var(--_accent);
    }
    button:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 2px;
    }
    button.primary {
      border-color: transparent;
      background: var(--_accent);
      color: #fff;
    }
    button.primary:hover {
      filter: brightness(1.08);
    }
    .file {
      box-sizing: border-box;
      width: min(100%, 34em);
      text-align: left;
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      gap: 0.45em;
    }
    .file-head {
      display: flex;
      gap: 0.75em;
      align-items: baseline;
    }
    .name {
      flex: 1;
      min-width: 0;
      font-weight: 600;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .pct {
      font-variant-numeric: tabular-nums;
      font-weight: 600;
      color: var(--_accent);
    }
    progress {
      appearance: none;
      width: 100%;
      height: 8px;
      border: 0;
      border-radius: 999px;
      overflow: hidden;
      background: color-mix(in srgb, currentColor 12%, transparent);
      accent-color: var(--_accent);
    }
    progress::-webkit-progress-bar {
      background: color-mix(in srgb, currentColor 12%, transparent);
      border-radius: 999px;
    }
    progress::-webkit-progress-value {
      background: var(--_accent);
      border-radius: 999px;
    }
    progress::-moz-progress-bar {
      background: var(--_accent);
      border-radius: 999px;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0.5em;
    }
    .status {
      font-weight: 600;
    }
    .status.ok {
      color: #1f9d55;
    }
    .status.bad {
      color: #d93b3b;
    }
    [hidden] {
      display: none !important;
    }
  `;

  private _upload: TusUpload | null = null;
  private _file: File | null = null;
  private _video: string | null = null;
  private _embed: string | null = null;
  private _pollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.token = null;
    this.api = null;
    this.endpoint = null;
    this.accept = 'video/*,audio/*';
    this.videoTitle = '';
    this.collection = null;
    this.chunkSize = null;
    this.follow = null;
    this._state = 'idle';
    this._sent = 0;
    this._total = 0;
    this._message = '';
    this._drag = false;
  }

  /** idle | uploading | paused | processing | playable | error */
  get state(): UploadState {
    return this._state;
  }
  /** The new video's id and embed, once the server said. */
  get video() {
    return { video: this._video, embed: this._embed };
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._pollTimer);
  }

  /** Uploads a file (what the picker and the drop zone call). */
  async upload(file: File): Promise<void> {
    this._upload?.abort().catch(() => {});
    this._upload = null;
    clearTimeout(this._pollTimer);
    this._file = file;
    this._video = this._embed = null;
    this._sent = 0;
    this._total = file.size;
    this._message = '';
    const endpoint = this.endpoint || `${apiBase(this)}/v1/uploads`;
    const metadata: Record<string, string> = { filename: file.name, filetype: file.type || 'application/octet-stream' };
    metadata.title = this.videoTitle || file.name.replace(/\.[^.]+$/, '');
    if (this.collection) metadata.collection = this.collection;
    this._state = 'uploading';
    let createUpload: typeof import('./lazy/tus.js').createUpload;
    try {
      ({ createUpload } = await loadTus());
    } catch {
      this._state = 'error';
      this._message = 'The uploader could not be loaded. Check your connection and retry.';
      this.dispatchEvent(new CustomEvent('error', { detail: { code: 'network', status: 0, message: this._message } }));
      return;
    }
    if (this._file !== file) return;
    this._upload = createUpload(file, {
      endpoint,
      headers: this.token ? { Authorization: `Bearer ${this.token}` } : {},
      metadata,
      chunkSize: this.chunkSize || 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      onShouldRetry: (err) => {
        const s = err.originalResponse?.getStatus() ?? 0;
        return s === 0 || s === 409 || s === 423 || s === 429 || s >= 500;
      },
      onAfterResponse: (_req, res) => {
        const id = res.getHeader('Reel-Video-Id');
        const embed = res.getHeader('Reel-Video-Embed');
        if (id) this._video = id;
        if (embed) this._embed = embed;
      },
      onProgress: (sent, total) => {
        this._sent = sent;
        this._total = total;
        this.dispatchEvent(new CustomEvent('progress', { detail: { sent, total } }));
      },
      onSuccess: () => {
        this._state = 'processing';
        this.dispatchEvent(new CustomEvent('success', { detail: { video: this._video, embed: this._embed } }));
        this._follow(0);
      },
      onError: (err) => {
        const res = err.originalResponse;
        const status = res?.getStatus() ?? 0;
        let code = status === 401 ? 'unauthorized' : status === 413 ? 'payload_too_large' : status ? 'http_' + status : 'network';
        let detail = '';
        try {
          const body = JSON.parse((res as unknown as { getBody(): string })?.getBody?.() || '{}');
          if (body.code) code = body.code;
          if (typeof body.detail === 'string') detail = body.detail;
        } catch {
          /* not JSON */
        }
        this._state = 'error';
        this._message =
          status === 401 || status === 403
            ? 'The upload was refused: the upload token is missing, invalid or expired.'
            : status === 413
              ? 'This file is too large.'
              : status === 0
                ? 'The upload was interrupted. Check your connection and retry.'
                : detail
                  ? `The upload failed: ${detail}`
                  : `The upload failed (${status}).`;
        this.dispatchEvent(new CustomEvent('error', { detail: { code, status, message: this._message } }));
      },
    });
    this.dispatchEvent(new CustomEvent('upload-start', { detail: { file } }));
    this._upload.start();
  }

  /** Pauses the upload (it resumes where it stopped). */
  pause() {
    if (this._state !== 'uploading' || !this._upload) return;
    this._state = 'paused';
    void this._upload.abort();
  }

  /** Resumes a paused upload. */
  resume() {
    if (this._state !== 'paused' || !this._upload) return;
    this._state = 'uploading';
    this._upload.start();
  }

  /** Retries after an error: resumes the same upload where it stopped. */
  retry() {
    if (this._state !== 'error') return;
    if (!this._upload && this._file) {
      void this.upload(this._file);
    } else if (this._upload && this._file) {
      this._state = 'uploading';
      this._message = '';
      this._upload.start();
    }
  }

  /** Back to the drop zone. */
  cancel() {
    this._upload?.abort(true).catch(() => {});
    this._upload = null;
    clearTimeout(this._pollTimer);
    this._state = 'idle';
  }

  // Back to the drop zone after a finished upload, which stays (cancel()
  // would terminate it).
  private _again() {
    this._upload = null;
    this._file = null;
    clearTimeout(this._pollTimer);
    this._state = 'idle';
  }

  private _follow(attempt: number) {
    if (this.follow === 'off' || !this._embed) return;
    const embed = this._embed;
    this._pollTimer = setTimeout(async () => {
      try {
        const info = await lookupEmbed(apiBase(this), embed, null, true);
        if (info.playable) {
          this._state = 'playable';
          this.dispatchEvent(new CustomEvent('playable', { detail: { video: this._video, embed, info } }));
          return;
        }
        if (info.state === 'errored') {
          this._state = 'error';
          this._message = 'The video could not be processed.';
          this.dispatchEvent(new CustomEvent('error', { detail: { code: 'processing_failed', message: this._message } }));
          return;
        }
      } catch (e) {
        // A signed video (401) cannot be followed without a playback token: stop quietly.
        if (e instanceof ReelError && (e.status === 401 || e.status === 403)) return;
        if (e instanceof ReelError && e.status === 404 && attempt > 5) {
          this._state = 'error';
          this._message = describeError(e);
          return;
        }
      }
      this._follow(attempt + 1);
    }, backoff(attempt, (this.constructor as typeof ReelUpload).pollBase, 15000));
  }

  private _pick() {
    (this.shadowRoot?.querySelector('input[type=file]') as HTMLInputElement | null)?.click();
  }

  private _onDrop(e: DragEvent) {
    e.preventDefault();
    this._drag = false;
    const f = e.dataTransfer?.files?.[0];
    if (f) void this.upload(f);
  }

  protected render() {
    const s = this._state;
    const pct = this._total ? Math.floor((this._sent / this._total) * 100) : 0;
    const name = this._file?.name || '';
    const file = (bar: unknown, meta: unknown, right: unknown = nothing) =>
      html`<div class="file" part="file">
        <div class="file-head"><span class="name" title=${name}>${name}</span>${right}</div>
        ${bar}
        <div class="meta">${meta}</div>
      </div>`;
    const progress = file(
      html`<progress part="progress" max="100" value=${pct} aria-label="Upload progress"></progress>`,
      html`<span aria-live="polite">${humanSize(this._sent)} of ${humanSize(this._total)}</span>`,
      html`<span class="pct">${pct}%</span>`,
    );
    return html`
      <input type="file" accept=${this.accept} hidden @change=${(e: Event) => {
        const input = e.target as HTMLInputElement;
        const f = input.files?.[0];
        if (f) void this.upload(f);
        input.value = '';
      }} />
      <div
        class="zone ${this._drag ? 'drag' : ''}"
        part="dropzone"
        @dragover=${(e: DragEvent) => {
          e.preventDefault();
          this._drag = true;
        }}
        @dragleave=${() => (this._drag = false)}
        @drop=${this._onDrop}
      >
        <div ?hidden=${s !== 'idle'}>
          <slot name="idle">
            <span class="icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
                <path d="M12 15V4m0 0-4 4m4-4 4 4" />
                <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
              </svg>
            </span>
            <p class="lead">Drop a video here</p>
            <p class="hint">or</p>
            <button class="primary" part="button primary-button" @click=${this._pick}>Choose a file</button>
          </slot>
        </div>
        <div ?hidden=${s !== 'uploading'}>
          <slot name="uploading">${s === 'uploading' ? progress : nothing}</slot>
          <div class="actions">
            <button part="button" data-action="pause" @click=${() => this.pause()}>Pause</button>
          </div>
        </div>
        <div ?hidden=${s !== 'paused'}>
          <slot name="paused">${s === 'paused' ? progress : nothing}<p class="status">Paused</p></slot>
          <div class="actions">
            <button class="primary" part="button" data-action="resume" @click=${() => this.resume()}>Resume</button>
          </div>
        </div>
        <div ?hidden=${s !== 'processing'}>
          <slot name="processing">
            ${s === 'processing'
              ? file(
                  html`<progress part="progress" aria-label="Processing"></progress>`,
                  html`${humanSize(this._total)} uploaded`,
                )
              : nothing}
            <p class="status" role="status">Uploaded. Processing…</p>
          </slot>
        </div>
        <div ?hidden=${s !== 'playable'}>
          <slot name="playable">
            <p class="status ok" role="status">Ready to play.</p>
            ${name ? html`<p class="hint">${name}</p>` : nothing}
          </slot>
          <div class="actions">
            <button part="button" data-action="another" @click=${this._again}>Upload another</button>
          </div>
        </div>
        <div ?hidden=${s !== 'error'}>
          <slot name="error"><p class="status bad" role="alert">${this._message}</p></slot>
          <div class="actions">
            <button class="primary" part="button" data-action="retry" @click=${() => this.retry()}>Retry</button>
            <button part="button" data-action="cancel" @click=${() => this.cancel()}>Cancel</button>
          </div>
        </div>
      </div>
    `;
  }
}

define('reel-upload', ReelUpload);

declare global {
  interface HTMLElementTagNameMap {
    'reel-upload': ReelUpload;
  }
}
