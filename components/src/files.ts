import { css, html, nothing } from 'lit';
import { define, EmbedElement } from './base.js';
import { filterRenditions, humanSize } from './util.js';

const QUALITY_LABEL: Record<string, string> = { sd: 'SD', hd: 'HD', fhd: 'Full HD', qhd: 'QHD', uhd: '4K' };

/**
 * `<reel-files embed="…" renditions="h264_sd h264_hd">`: download links to
 * the MP4 renditions of a video, with their sizes.
 *
 * @element reel-files
 * @csspart list - the list
 * @csspart link - one download link
 * @csspart size - a file's size
 */
export class ReelFiles extends EmbedElement {
  static properties = {
    ...EmbedElement.properties,
    renditions: { type: String },
  };
  declare renditions: string | null;

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
  }

  protected render() {
    if (this._state === 'error' || this._state === 'processing')
      return html`<p part="message" role=${this._state === 'error' ? 'alert' : 'status'}>${this._message}</p>`;
    const info = this._info;
    if (!info) return nothing;
    const list = filterRenditions(info.renditions || [], this.renditions);
    const base = (info.title || info.embed).replace(/[\\/:*?"<>|]+/g, '_');
    return html`<ul part="list">
      ${list.map((r) => {
        const q = r.name.split('_').pop() || r.name;
        const label = `${QUALITY_LABEL[q] ?? r.name} (${r.width}×${r.height})`;
        return html`<li>
          <a part="link" href=${r.url} download=${`${base} ${q}.mp4`} data-rendition=${r.name}>${label}</a
          ><span class="size" part="size">${humanSize(r.size)}</span>
        </li>`;
      })}
    </ul>`;
  }
}

define('reel-files', ReelFiles);

declare global {
  interface HTMLElementTagNameMap {
    'reel-files': ReelFiles;
  }
}
