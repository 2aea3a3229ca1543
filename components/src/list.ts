import { css, html, LitElement, nothing } from 'lit';
import type { components } from './api-types.js';
import { apiBase, describeError, getJSON, ReelError } from './api.js';
import { define } from './base.js';
import { formatTime, withToken } from './util.js';

/** One video of GET /v1/list (generated from the OpenAPI document: api-types.ts). */
export type ListItem = components['schemas']['ListedVideo'];

function unfinished(item: ListItem): boolean {
  return !!item.state && item.state !== 'ready';
}

/** What a tile says about a video that is not finished (the list holds playable ones: processing). */
const stateLabel = (item: ListItem) => (item.state === 'processing' ? 'Processing…' : item.state!);

/**
 * `<reel-list token="…">`: the videos of a space or collection (GET
 * /v1/list with a playback token), with a "more" button. A `<template>`
 * child renders each item: elements with `data-field="title|duration|
 * created_at|embed"` get the text, `img[data-field="poster"]` the image.
 * Clicking an item sets `embed` on the `<reel-player>` the `player`
 * selector names and fires `select`. A video still processing shows its
 * state (and a placeholder until its poster exists); the list refreshes
 * itself while such a video is listed or while it is on screen (`poll`).
 *
 * @element reel-list
 * @fires select - an item was chosen (detail: the item)
 * @fires reel-error - the list could not be loaded (detail: {code, status, message})
 * @csspart list - the list
 * @csspart item - one item (a button)
 * @csspart selected - the selected item
 * @csspart more - the "more" button
 * @csspart thumb - the 16:9 box of an item's poster
 * @csspart poster - an item's poster image
 * @csspart placeholder - what stands in for a poster that does not exist (yet)
 * @csspart state - the state badge of a video still processing
 * @csspart title - an item's title
 * @csspart duration - an item's duration badge
 * @cssprop --reel-accent - the selected item's outline and the focus ring
 * @cssprop --reel-list-item-width - the smallest width of an item (default 220px)
 * @cssprop --reel-radius - corner radius of the posters (default 10px)
 */
export class ReelList extends LitElement {
  static properties = {
    token: { type: String },
    api: { type: String },
    collection: { type: String },
    order: { type: String },
    limit: { type: Number },
    player: { type: String },
    poll: { type: String },
    _items: { state: true },
    _broken: { state: true },
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
  /**
   * Seconds between refreshes while the list is on screen (default 20);
   * while a listed video is processing, every 5 s. "off" or 0: never.
   */
  declare poll: string | null;
  declare _items: ListItem[];
  /** Embeds whose poster failed to load (shown as placeholders). */
  declare _broken: Set<string>;
  declare _cursor: string | null;
  declare _busy: boolean;
  declare _error: string;
  declare _selected: string | null;

  static styles = css`
    :host {
      display: block;
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
      --_accent: var(--reel-accent, #5b8cff);
      --_radius: var(--reel-radius, 10px);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 1.25em 1em;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--reel-list-item-width, 220px)), 1fr));
    }
    button.item {
      all: unset;
      box-sizing: border-box;
      display: flex;
      flex-direction: column;
      gap: 0.5em;
      width: 100%;
      cursor: pointer;
      border-radius: var(--_radius);
    }
    button.item:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 3px;
    }
    .thumb {
      position: relative;
      display: block;
      aspect-ratio: 16 / 9;
      border-radius: var(--_radius);
      overflow: hidden;
      background: #1d2027;
    }
    button.item:hover img {
      filter: brightness(1.1);
    }
    button.item[aria-pressed='true'] .thumb {
      box-shadow:
        0 0 0 2px var(--_accent),
        0 0 0 4px color-mix(in srgb, var(--_accent) 30%, transparent);
    }
    img {
      width: 100%;
      height: 100%;
      object-fit: cover;
      display: block;
    }
    .placeholder {
      position: absolute;
      inset: 0;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 0.4em;
      color: rgb(255 255 255 / 0.75);
      font-size: 0.8125em;
      background: radial-gradient(circle at 30% 20%, color-mix(in srgb, var(--_accent) 28%, #1d2027), #14161b 70%);
    }
    .placeholder svg {
      width: 28px;
      height: 28px;
      opacity: 0.85;
    }
    .spin {
      width: 22px;
      height: 22px;
      border: 2.5px solid rgb(255 255 255 / 0.25);
      border-top-color: currentColor;
      border-radius: 50%;
      animation: spin 1.2s linear infinite;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spin {
        animation: none;
      }
    }
    .badge {
      position: absolute;
      padding: 0.15em 0.45em;
      border-radius: 4px;
      font-size: 0.75em;
      font-weight: 600;
      line-height: 1.4;
      color: #fff;
      background: rgb(0 0 0 / 0.72);
      font-variant-numeric: tabular-nums;
    }
    .duration {
      right: 0.5em;
      bottom: 0.5em;
    }
    .state {
      left: 0.5em;
      top: 0.5em;
      background: var(--_accent);
    }
    .title {
      display: -webkit-box;
      -webkit-line-clamp: 2;
      -webkit-box-orient: vertical;
      overflow: hidden;
      font-weight: 600;
      font-size: 0.9375em;
      line-height: 1.35;
      overflow-wrap: anywhere;
    }
    .more {
      display: block;
      margin: 1.25em auto 0;
      padding: 0.55em 1.4em;
      border: 1px solid color-mix(in srgb, currentColor 25%, transparent);
      border-radius: 999px;
      background: transparent;
      color: inherit;
      font: inherit;
      font-weight: 600;
      cursor: pointer;
    }
    .more:hover,
    .more:focus-visible {
      border-color: var(--_accent);
      color: var(--_accent);
    }
    .message {
      margin: 0 0 1em;
      opacity: 0.8;
    }
  `;

  /** Seconds between refreshes while a listed video is processing. */
  static processingPoll = 5;

  private _pollTimer: ReturnType<typeof setTimeout> | undefined;
  private _io: IntersectionObserver | null = null;
  private _visible = false;
  private _refreshing = false;

  constructor() {
    super();
    this.token = null;
    this.api = null;
    this.collection = null;
    this.order = null;
    this.limit = null;
    this.player = null;
    this.poll = null;
    this._items = [];
    this._broken = new Set();
    this._cursor = null;
    this._busy = false;
    this._error = '';
    this._selected = null;
  }

  /** The items loaded so far. */
  get items(): ListItem[] {
    return this._items;
  }

  connectedCallback() {
    super.connectedCallback();
    if (typeof IntersectionObserver !== 'undefined') {
      this._io = new IntersectionObserver((entries) => {
        this._visible = entries.some((e) => e.isIntersecting);
        if (this._visible) this._schedule();
      });
      this._io.observe(this);
    } else {
      this._visible = true;
    }
    // Back on the page: the first load happened before; go on refreshing.
    if (this.hasUpdated) this._schedule();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._pollTimer);
    this._pollTimer = undefined;
    this._io?.disconnect();
    this._io = null;
  }

  protected willUpdate(changed: Map<PropertyKey, unknown>) {
    if (['token', 'api', 'collection', 'order', 'limit'].some((k) => changed.has(k))) {
      this._items = [];
      this._cursor = null;
      void this.more(true);
    }
    if (changed.has('poll')) this._schedule();
  }

  /** Seconds until the next refresh, or 0 for none. */
  private _interval(): number {
    const p = (this.poll ?? '').trim().toLowerCase();
    const base = p === '' ? 20 : p === 'off' ? 0 : Number(p);
    if (!Number.isFinite(base) || base <= 0) return 0;
    if (this._items.some(unfinished)) return Math.min(base, (this.constructor as typeof ReelList).processingPoll);
    return this._visible ? base : 0;
  }

  /** (Re)arms the refresh timer: one at a time, none while disconnected. */
  private _schedule() {
    clearTimeout(this._pollTimer);
    this._pollTimer = undefined;
    const secs = this._interval();
    if (!this.isConnected || !secs) return;
    this._pollTimer = setTimeout(async () => {
      this._pollTimer = undefined;
      // A hidden tab skips its turn but keeps the schedule.
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') await this.refresh();
      this._schedule();
    }, secs * 1000);
  }

  /**
   * Loads the first page again and merges it: new videos appear, finished
   * ones lose their placeholder, removed ones go; pages loaded with "more"
   * beyond the first stay as they are.
   */
  async refresh(): Promise<void> {
    if (this._busy || this._refreshing) return;
    this._refreshing = true;
    const key = this._query(null);
    try {
      const page = await getJSON<{ data: ListItem[]; next_cursor: string | null }>(key);
      if (key !== this._query(null)) return; // the attributes changed meanwhile
      this._merge(page.data, page.next_cursor || null);
      this._error = '';
    } catch {
      // A failed refresh keeps what is shown; the next one may work.
    } finally {
      this._refreshing = false;
    }
  }

  private _merge(fresh: ListItem[], next: string | null) {
    const known = new Set(fresh.map((i) => i.embed));
    const last = fresh[fresh.length - 1];
    const asc = this.order === 'created_asc';
    const beyond =
      next && last
        ? this._items.filter((i) => {
            if (known.has(i.embed)) return false;
            const d = Date.parse(i.created_at) - Date.parse(last.created_at);
            return asc ? d > 0 : d < 0;
          })
        : [];
    this._items = [...fresh, ...beyond];
    if (!beyond.length) this._cursor = next;
  }

  private _query(cursor: string | null): string {
    const q = new URLSearchParams();
    if (this.collection) q.set('collection', this.collection);
    if (this.order) q.set('order', this.order);
    if (this.limit) q.set('limit', String(this.limit));
    if (cursor) q.set('cursor', cursor);
    const qs = q.toString();
    return withToken(`${apiBase(this)}/v1/list${qs ? '?' + qs : ''}`, this.token);
  }

  /** Loads the next page. */
  async more(first = false): Promise<void> {
    if (this._busy || (!first && !this._cursor)) return;
    this._busy = true;
    try {
      const page = await getJSON<{ data: ListItem[]; next_cursor: string | null }>(this._query(first ? null : this._cursor));
      this._items = first ? page.data : [...this._items, ...page.data];
      this._cursor = page.next_cursor || null;
      this._error = '';
    } catch (e) {
      const err = e instanceof ReelError ? e : new ReelError(0, 'network', String(e));
      this._error = err.code === 'not_found' ? 'Nothing to show.' : describeError(err);
      this.dispatchEvent(new CustomEvent('reel-error', { detail: { code: err.code, status: err.status, message: this._error } }));
    } finally {
      this._busy = false;
      this._schedule();
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
      else if (f === 'state') el.textContent = unfinished(item) ? stateLabel(item) : '';
      else if (f === 'created_at') el.textContent = new Date(item.created_at).toLocaleDateString();
      else el.textContent = String(item[f] ?? '');
    }
    return frag;
  }

  private _tile(item: ListItem) {
    const busy = unfinished(item);
    const poster = item.poster && !this._broken.has(item.embed) ? withToken(item.poster, this.token) : '';
    return html`<span class="thumb" part="thumb">
        ${poster
          ? html`<img
              part="poster"
              src=${poster}
              alt=""
              loading="lazy"
              @error=${() => (this._broken = new Set(this._broken).add(item.embed))}
            />`
          : html`<span class="placeholder" part="placeholder">
              ${busy
                ? html`<span class="spin" aria-hidden="true"></span>`
                : html`<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 4.2v15.6a1 1 0 0 0 1.5.86l13-7.8a1 1 0 0 0 0-1.72l-13-7.8A1 1 0 0 0 6 4.2z" /></svg>`}
            </span>`}
        ${busy ? html`<span class="badge state" part="state">${stateLabel(item)}</span>` : nothing}
        ${item.duration > 0 ? html`<span class="badge duration" part="duration">${formatTime(item.duration)}</span>` : nothing}
      </span>
      <span class="title" part="title">${item.title || 'Untitled'}</span>`;
  }

  protected render() {
    const tpl = this.querySelector(':scope > template') as HTMLTemplateElement | null;
    return html`
      ${this._error ? html`<p class="message" part="message" role="alert">${this._error}</p>` : nothing}
      <ul part="list">
        ${this._items.map(
          (item) => html`<li>
            <button
              class="item"
              part=${item.embed === this._selected ? 'item selected' : 'item'}
              aria-pressed=${item.embed === this._selected ? 'true' : 'false'}
              data-embed=${item.embed}
              data-state=${item.state || 'ready'}
              @click=${() => this._select(item)}
            >
              ${tpl ? this._fromTemplate(tpl, item) : this._tile(item)}
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
