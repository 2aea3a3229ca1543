import { css, html, nothing } from 'lit';
import { define, EmbedElement } from './base.js';
import { filterRenditions, humanSize, trackLabels } from './util.js';

const QUALITY_LABEL: Record<string, string> = { sd: 'SD', hd: 'HD', fhd: 'Full HD', qhd: 'QHD', uhd: '4K' };
/** Codec names, shown when a video has renditions in more than one. */
const CODEC_LABEL: Record<string, string> = { h264: 'H.264', hevc: 'HEVC', av1: 'AV1' };

/** The file kinds `include` picks from, in the order they are listed. */
const KINDS = ['renditions', 'audio', 'subtitles', 'original'];

/**
 * Asks the server to answer with `Content-Disposition: attachment` and its
 * file name ("Title hd.mp4"), which works across origins, where the
 * `download` attribute of a link is ignored. Tokens stay in the URL.
 */
const attachment = (url: string) => url + (url.includes('?') ? '&' : '?') + 'download';

/**
 * `<reel-files embed="…" renditions="h264_sd h264_hd" include="renditions audio subtitles original">`:
 * download links to the files of a video: the MP4 renditions with their
 * sizes, the audio file, each subtitle track (WebVTT) and, when its owner
 * shares it (`original_access`), the original upload. Links carry
 * `?download`, so the server sends them as attachments under the video's
 * title, from any origin.
 *
 * @element reel-files
 * @attr include - the kinds of files to list, space-separated: renditions, audio, subtitles, original (default: all)
 * @csspart list - the list
 * @csspart link - one download link
 * @csspart size - a file's size
 */
export class ReelFiles extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    renditions: { type: String },
    include: { type: String },
  };
  declare renditions: string | null;
  declare include: string | null;

  static styles = css`
    :host {
      display: block;
      font: 1rem/1.5 var(--reel-font-family, system-ui, sans-serif);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    a {
      color: var(--reel-accent, inherit);
    }
    .size {
      opacity: 0.7;
      margin-inline-start: 0.5em;
    }
  `;

  constructor() {
    super();
    this.renditions = null;
    this.include = null;
  }

  protected render() {
    if (this._state === 'error' || this._state === 'processing')
      return html`<p part="message" role=${this._state === 'error' ? 'alert' : 'status'}>${this._message}</p>`;
    const info = this._info;
    if (!info) return nothing;
    const wanted = new Set((this.include || KINDS.join(' ')).split(/[\s,]+/));
    const link = (kind: string, url: string, label: string, size?: number) =>
      html`<li>
        <a part="link" href=${attachment(url)} download data-kind=${kind}>${label}</a
        >${size ? html`<span class="size" part="size">${humanSize(size)}</span>` : nothing}
      </li>`;
    const subs = info.subtitles || [];
    const subLabels = trackLabels(subs);
    const codecs = new Set((info.renditions || []).map((r) => r.name.split('_')[0]));
    return html`<ul part="list">
      ${wanted.has('renditions')
        ? filterRenditions(info.renditions || [], this.renditions).map((r) => {
            const q = r.name.split('_').pop() || r.name;
            const codec = r.name.split('_')[0];
            const label = codecs.size > 1 ? ` ${CODEC_LABEL[codec] ?? codec}` : '';
            return link('rendition', r.url, `${QUALITY_LABEL[q] ?? r.name}${label} (${r.width}×${r.height})`, r.size);
          })
        : nothing}
      ${wanted.has('audio') && info.urls.audio ? link('audio', info.urls.audio, 'Audio (M4A)') : nothing}
      ${wanted.has('subtitles') ? subs.map((s, i) => link('subtitles', s.url, `Subtitles: ${subLabels[i]} (VTT)`)) : nothing}
      ${wanted.has('original') && info.urls.original ? link('original', info.urls.original, 'Original') : nothing}
    </ul>`;
  }
}

define('reel-files', ReelFiles);

declare global {
  interface HTMLElementTagNameMap {
    'reel-files': ReelFiles;
  }
}
