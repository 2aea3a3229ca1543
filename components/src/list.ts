import { css, html, LitElement, nothing } from 'lit';
import { apiBase, describeError, getJSON, ReelError } from './api.js';
import { define } from './base.js';
import { formatTime, withToken } from './util.js';

export interface ListItem {
  id: string;
  embed: string;
  title: string;
  duration: number;
  poster: string;
  created_at: string;
}

/**
 * `<reel-list token="…">`: the videos of a space or collection (GET
 * /v1/list with a playback token), with a "more" button. A `<template>`
 * child renders each item: elements with `data-field="title|duration|
 * created_at|embed"` get the text, `img[data-field="poster"]` the image.
 * Clicking an item sets `embed` on the `<reel-player>` the `player`
 * selector names and fires `select`.
 *
 * @element reel-list
 * @fires select - an item was chosen (detail: the item)
 * @fires reel-error - the list could not be loaded (detail: {code, status, message})
 * @csspart list - the list
 * @csspart item - one item (a button)
 * @csspart selected - the selected item
 * @csspart more - the "more" button
 */
export class ReelList extends LitElement {
  static properties = {
    token: { type: String },
    api: { type: String },
    collection: { type: String },
    order: { type: String },
    limit: { type: Number },
    player: { type: String },
    _items: { state: true },
    _cursor: { state: true },
    _busy: { state: true },
    _error: { state: true },
    _selected: { state: true },
  };
  declare token: string | null;
  declare api: string | null;
  declare collection: string | null;
  declare order: string | null;
  declare limit: number | null;
  declare player: string | null;
  declare _items: ListItem[];
  declare _cursor: string | null;
  declare _busy: boolean;
  declare _error: string;
  declare _selected: string | null;

  static styles = css`
    :host {
      display: block;
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.75em;
      grid-template-columns: repeat(auto-fill, minmax(var(--reel-list-item-width, 180px), 1fr));
    }
    button.item {
      all: unset;
      box-sizing: border-box;
      display: block;
      width: 100%;
      cursor: pointer;
      border-radius: 6px;
    }
    button.item:focus-visible {
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    button.item[aria-pressed='true'] {
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    img {
      width: 100%;
      aspect-ratio: 16 / 9;
      object-fit: cover;
      display: block;
      border-radius: 6px;
      background: #222;
    }
    .more {
      margin-top: 0.75em;
    }
  `;

  constructor() {
    super();
    this.token = null;
    this.api = null;
    this.collection = null;
    this.order = null;
    this.limit = null;
    this.player = null;
    this._items = [];
    this._cursor = null;
    this._busy = false;
    this._error = '';
    this._selected = null;
  }

  /** The items loaded so far. */
  get items(): ListItem[] {
    return this._items;
  }

  protected willUpdate(changed: Map<PropertyKey, unknown>) {
    if (['token', 'api', 'collection', 'order', 'limit'].some((k) => changed.has(k))) {
      this._items = [];
      this._cursor = null;
      void this.more(true);
    }
  }

  /** Loads the next page. */
  async more(first = false): Promise<void> {
    if (this._busy || (!first && !this._cursor)) return;
    this._busy = true;
    const q = new URLSearchParams();
    if (this.collection) q.set('collection', this.collection);
    if (this.order) q.set('order', this.order);
    if (this.limit) q.set('limit', String(this.limit));
    if (!first && this._cursor) q.set('cursor', this._cursor);
    const qs = q.toString();
    try {
      const page = await getJSON<{ data: ListItem[]; next_cursor: string | null }>(
        withToken(`${apiBase(this)}/v1/list${qs ? '?' + qs : ''}`, this.token),
      );
      this._items = first ? page.data : [...this._items, ...page.data];
      this._cursor = page.next_cursor || null;
      this._error = '';
    } catch (e) {
      const err = e instanceof ReelError ? e : new ReelError(0, 'network', String(e));
      this._error = err.code === 'not_found' ? 'Nothing to show.' : describeError(err);
      this.dispatchEvent(new CustomEvent('reel-error', { detail: { code: err.code, status: err.status, message: this._error } }));
    } finally {
      this._busy = false;
    }
  }

  private _select(item: ListItem) {
    this._selected = item.embed;
    if (this.player) {
      const p = document.querySelector(this.player);
      if (p) {
        p.setAttribute('embed', item.embed);
        if (this.token && !p.hasAttribute('token')) p.setAttribute('token', this.token);
      }
    }
    this.dispatchEvent(new CustomEvent('select', { detail: item }));
  }

  private _fromTemplate(tpl: HTMLTemplateElement, item: ListItem): Node {
    const frag = tpl.content.cloneNode(true) as DocumentFragment;
    for (const el of Array.from(frag.querySelectorAll<HTMLElement>('[data-field]'))) {
      const f = el.dataset.field as keyof ListItem;
      if (f === 'poster' && el instanceof HTMLImageElement) {
        // A video is listed once playable, which can be before its poster
        // exists: an empty src would fetch the page itself.
        if (item.poster) el.src = withToken(item.poster, this.token);
        else el.hidden = true;
        if (!el.alt) el.alt = item.title || '';
      } else if (f === 'duration') el.textContent = formatTime(item.duration);
      else if (f === 'created_at') el.textContent = new Date(item.created_at).toLocaleDateString();
      else el.textContent = String(item[f] ?? '');
    }
    return frag;
  }

  protected render() {
    const tpl = this.querySelector(':scope > template') as HTMLTemplateElement | null;
    return html`
      ${this._error ? html`<p part="message" role="alert">${this._error}</p>` : nothing}
      <ul part="list">
        ${this._items.map(
          (item) => html`<li>
            <button
              class="item"
              part=${item.embed === this._selected ? 'item selected' : 'item'}
              aria-pressed=${item.embed === this._selected ? 'true' : 'false'}
              data-embed=${item.embed}
              @click=${() => this._select(item)}
            >
              ${tpl
                ? this._fromTemplate(tpl, item)
                : html`${item.poster
                      ? html`<img src=${withToken(item.poster, this.token)} alt="" loading="lazy" />`
                      : html`<span part="poster-placeholder" class="placeholder"></span>`}
                    <span part="title">${item.title || 'Untitled'}</span>
                    <span part="duration">${formatTime(item.duration)}</span>`}
            </button>
          </li>`,
        )}
      </ul>
      ${this._cursor
        ? html`<button class="more" part="more" ?disabled=${this._busy} @click=${() => this.more()}>More</button>`
        : nothing}
    `;
  }
}

define('reel-list', ReelList);

declare global {
  interface HTMLElementTagNameMap {
    'reel-list': ReelList;
  }
}
