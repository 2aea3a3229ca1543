// Collections: the nested tree; create, rename, move, delete (recursive,
// with confirmation).
import { html, nothing } from 'lit';
import { Collection, messageOf } from '../api.js';
import { href } from '../router.js';
import { app } from '../state.js';
import { confirmDialog, define, empty, errorBox, icon, LightElement, modal, readOnlyBanner, toast, when } from '../ui.js';

export class CollectionsPage extends LightElement {
  static properties = { _error: { state: true }, _loading: { state: true }, _formError: { state: true } };
  declare _error: unknown;
  declare _loading: boolean;
  declare _formError: unknown;
  private _off?: () => void;

  constructor() {
    super();
    this._error = null;
    this._loading = true;
    this._formError = null;
  }
  connectedCallback() {
    super.connectedCallback();
    this._off = app.on('collections', () => this.requestUpdate());
    void this._reload();
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    this._off?.();
  }

  private async _reload() {
    try {
      await app.loadCollections();
      this._error = null;
    } catch (e) {
      this._error = e;
    }
    this._loading = false;
  }

  private _parentOptions(selected: string | null, exclude?: string) {
    // A collection cannot move under itself or under one of its own.
    const banned = new Set<string>();
    if (exclude) {
      banned.add(exclude);
      let grew = true;
      while (grew) {
        grew = false;
        for (const c of app.collections) if (c.parent && banned.has(c.parent) && !banned.has(c.id)) (banned.add(c.id), (grew = true));
      }
    }
    return html`<option value="">Top level</option>${app
      .collectionTree()
      .filter(({ c }) => !banned.has(c.id))
      .map(({ c, depth }) => html`<option value=${c.id} ?selected=${c.id === selected}>${'\u2003'.repeat(depth)}${c.name}</option>`)}`;
  }

  private async _create(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    this._formError = null;
    try {
      const c = await app.api!.post<Collection>('/v1/collections', { name: String(f.get('name') || '').trim(), parent: String(f.get('parent') || '') || null });
      form.reset();
      toast(`Created ${c.name}.`);
      await app.loadCollections();
    } catch (err) {
      this._formError = err;
    }
  }

  private async _edit(c: Collection) {
    let err = '';
    await modal<boolean>(`Edit ${c.name}`, (close) => {
      const submit = async (e: Event) => {
        e.preventDefault();
        const form = e.target as HTMLFormElement;
        const f = new FormData(form);
        try {
          await app.api!.patch(`/v1/collections/${c.id}`, { name: String(f.get('name') || '').trim(), parent: String(f.get('parent') || '') });
          await app.loadCollections();
          toast('Saved.');
          close(true);
        } catch (x) {
          err = messageOf(x);
          const box = form.querySelector('[data-error]') as HTMLElement;
          box.hidden = false;
          box.textContent = err;
        }
      };
      return html`<form @submit=${submit}>
        <h2>Edit collection</h2>
        <div class="field"><label for="ec-name">Name</label><input id="ec-name" name="name" .value=${c.name} required maxlength="200" autofocus /></div>
        <div class="field"><label for="ec-parent">Inside</label><select id="ec-parent" name="parent">${this._parentOptions(c.parent, c.id)}</select></div>
        <div class="error" role="alert" data-error hidden></div>
        <div class="actions"><button type="button" class="btn" @click=${() => close(false)}>Cancel</button><button class="btn primary" type="submit">Save</button></div>
      </form>`;
    });
  }

  private async _delete(c: Collection) {
    const nested = app.collections.filter((x) => x.parent === c.id).length;
    const ok = await confirmDialog({
      title: `Delete ${c.name}?`,
      body: html`This deletes the collection, ${nested ? html`its ${nested} nested collection${nested > 1 ? 's' : ''}, ` : nothing}and <strong>every video in them</strong>, with their files. This cannot be undone.`,
      confirm: 'Delete everything',
      danger: true,
      typed: c.name,
    });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/collections/${c.id}?recursive=true`);
      toast(`Deleted ${c.name}.`);
      await app.loadCollections();
      app.emit('videos-changed');
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  render() {
    const tree = app.collectionTree();
    const w = app.canWrite;
    return html`<div class="page">
      <div class="page-head"><h1>Collections</h1></div>
      ${readOnlyBanner()}
      ${errorBox(this._error)}
      ${w
        ? html`<div class="card"><form class="card-body" @submit=${this._create}>
            <h2>New collection</h2>
            <div class="toolbar">
              <div class="field search"><label for="c-name">Name</label><input id="c-name" name="name" required maxlength="200" placeholder="Talks" /></div>
              <div class="field"><label for="c-parent">Inside</label><select id="c-parent" name="parent">${this._parentOptions(null)}</select></div>
              <button class="btn primary" type="submit" data-write>${icon('plus')}Create</button>
            </div>
            ${errorBox(this._formError)}
          </form></div>`
        : nothing}
      ${this._loading
        ? html`<div class="card loading" role="status">Loading…</div>`
        : tree.length
          ? html`<div class="card"><ul class="tree" data-collections>
              ${tree.map(
                ({ c, depth }) => html`<li class="tree-row" style="padding-left:${12 + depth * 24}px" data-collection=${c.id}>
                  <span class="tree-icon">${icon('folder')}</span>
                  <span class="grow" style="min-width:0"><a href=${href('/?collection=' + c.id)} class="title">${c.name}</a>
                    <span class="muted small mono wide-inline">${c.id}</span></span>
                  <span class="muted small wide-inline">${when(c.created_at)}</span>
                  ${w
                    ? html`<button class="btn sm" data-write @click=${() => this._edit(c)} aria-label=${`Edit ${c.name}`} title="Rename or move">Edit</button>
                        <button class="btn sm danger" data-write @click=${() => this._delete(c)} aria-label=${`Delete ${c.name}`}>${icon('trash')}<span class="wide-inline">Delete</span></button>`
                    : nothing}
                </li>`,
              )}
            </ul></div>`
          : html`<div class="card">${empty('folder', 'No collections yet', w ? 'Collections group videos, and nest like folders. Create one above, then upload into it or move videos there from the Videos page.' : 'Collections group videos and nest like folders. A read-write key can create them.')}</div>`}
    </div>`;
  }
}
define('reel-dash-collections', CollectionsPage);
