// Webhooks: endpoints (the secret shown once), and per endpoint: edit,
// enable/disable, rotate the secret, send a test event, the delivery log
// with every attempt, redeliver.
import { html, nothing } from 'lit';
import { Delivery, messageOf, Page, Webhook } from '../api.js';
import { href, navigate } from '../router.js';
import { app } from '../state.js';
import { confirmDialog, define, empty, errorBox, eventType, fmtDate, icon, LightElement, readOnlyBanner, showSecret, toast, when } from '../ui.js';

export const EVENT_TYPES = ['video.created', 'video.uploaded', 'video.processing', 'video.ready', 'video.archived', 'video.unarchived', 'video.deleted'];
// Sent only to endpoints that list them (an endpoint made before they
// existed keeps receiving exactly the kinds above).
export const OPT_IN_EVENT_TYPES = ['video.errored', 'video.subtitles.updated', 'video.asset.errored'];

function eventBoxes(selected: string[], idp: string) {
  return html`<fieldset class="events-fieldset"><legend>Events <span class="hint">(none ticked: the seven lifecycle kinds; the last three only when ticked)</span></legend>
    <div class="events-grid">${[...EVENT_TYPES, ...OPT_IN_EVENT_TYPES].map(
      (t) => html`<label class="check"><input type="checkbox" name="events" value=${t} id=${idp + t} .checked=${selected.includes(t)} /> <code>${t}</code></label>`,
    )}</div></fieldset>`;
}

function secretNote() {
  return html`Deliveries are signed with it (Standard Webhooks: <code>webhook-signature</code>). It is shown <strong>only now</strong>: store it where your receiver can read it. <code>reel webhooks verify</code> and <code>webhooks.Verifier</code> check signatures.`;
}

export class WebhooksPage extends LightElement {
  static properties = { _list: { state: true }, _error: { state: true }, _formError: { state: true }, _busy: { state: true } };
  declare _list: Webhook[] | null;
  declare _error: unknown;
  declare _formError: unknown;
  declare _busy: boolean;

  constructor() {
    super();
    this._list = null;
    this._error = null;
    this._formError = null;
    this._busy = false;
  }
  connectedCallback() {
    super.connectedCallback();
    void this._load();
  }
  private async _load() {
    try {
      this._list = await app.api!.all<Webhook>('/v1/webhooks');
      this._error = null;
    } catch (e) {
      this._error = e;
    }
  }

  private async _create(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    this._busy = true;
    this._formError = null;
    try {
      const events = f.getAll('events').map(String);
      const hook = await app.api!.post<Webhook>('/v1/webhooks', {
        url: String(f.get('url') || '').trim(),
        description: String(f.get('description') || '').trim() || undefined,
        events: events.length ? events : undefined,
      });
      form.reset();
      await this._load();
      await showSecret('Webhook endpoint created', secretNote(), [{ label: 'Signing secret', value: hook.secret || '' }]);
      navigate(`/webhooks/${hook.id}`);
    } catch (err) {
      this._formError = err;
    } finally {
      this._busy = false;
    }
  }

  render() {
    const w = app.canWrite;
    const list = this._list;
    return html`<div class="page">
      <div class="page-head"><h1>Webhooks</h1></div>
      ${readOnlyBanner()}
      <p class="muted">Reel posts every lifecycle change of a video to your endpoints, signed, and retries for about 27 hours until it gets a 2xx.</p>
      ${errorBox(this._error)}
      ${list === null && !this._error
        ? html`<div class="card loading" role="status">Loading…</div>`
        : list?.length
          ? html`<div class="card"><div class="table-wrap"><table class="table" data-webhooks>
              <thead><tr><th>Endpoint</th><th class="wide-only">Events</th><th>Status</th><th class="wide-only">Created</th></tr></thead>
              <tbody>${list.map((h) => html`<tr data-webhook=${h.id}>
                <td style="max-width:420px"><a class="title ellipsis" style="display:block" href=${href('/webhooks/' + h.id)}>${h.url}</a>${h.description ? html`<div class="small muted">${h.description}</div>` : nothing}</td>
                <td class="wide-only small">${h.events?.length ? h.events.map((t) => t.replace('video.', '')).join(', ') : 'all'}</td>
                <td>${h.enabled ? html`<span class="badge ok">Enabled</span>` : html`<span class="badge">Disabled</span>`}</td>
                <td class="wide-only nowrap">${when(h.created_at)}</td>
              </tr>`)}</tbody></table></div></div>`
          : list
            ? html`<div class="card">${empty('hook', 'No endpoints yet', w ? 'Add the URL of a receiver below. examples/webhook-receiver in the repository is a complete one.' : 'A read-write key can add endpoints.')}</div>`
            : nothing}
      ${w
        ? html`<div class="card"><div class="card-head"><h2>Add an endpoint</h2></div>
            <form class="card-body form-grid" @submit=${this._create} data-webhook-form>
              <div class="field"><label for="wh-url">URL</label><input id="wh-url" name="url" type="url" required placeholder="https://example.com/hooks/reel" /></div>
              <div class="field"><label for="wh-desc">Description <span class="hint">(optional)</span></label><input id="wh-desc" name="description" maxlength="1000" /></div>
              ${eventBoxes([], 'new-')}
              ${errorBox(this._formError)}
              <div class="actions"><button class="btn primary" type="submit" data-write ?disabled=${this._busy}>${icon('plus')}Add endpoint</button></div>
            </form></div>`
        : nothing}
    </div>`;
  }
}
define('reel-dash-webhooks', WebhooksPage);

export class WebhookPage extends LightElement {
  static properties = {
    hookId: { type: String },
    _hook: { state: true },
    _deliveries: { state: true },
    _error: { state: true },
    _formError: { state: true },
    _open: { state: true },
  };
  declare hookId: string;
  declare _hook: Webhook | null;
  declare _deliveries: Page<Delivery> | null;
  declare _error: unknown;
  declare _formError: unknown;
  declare _open: Set<string>;
  private _timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.hookId = '';
    this._hook = null;
    this._deliveries = null;
    this._error = null;
    this._formError = null;
    this._open = new Set();
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this._timer);
  }
  willUpdate(ch: Map<string, unknown>) {
    if (ch.has('hookId') && this.hookId) void this._load();
  }

  private async _load() {
    clearTimeout(this._timer);
    try {
      const [hook, deliveries] = await Promise.all([
        app.api!.get<Webhook>(`/v1/webhooks/${this.hookId}`),
        app.api!.get<Page<Delivery>>(`/v1/webhooks/${this.hookId}/deliveries`, { limit: 50 }),
      ]);
      this._hook = hook;
      this._deliveries = deliveries;
      this._error = null;
    } catch (e) {
      this._error = e;
    }
    // The log follows pending deliveries closely, else every 10 s.
    const pending = this._deliveries?.data.some((d) => d.state === 'pending');
    this._timer = setTimeout(() => void this._load(), pending ? 1500 : 10000);
  }

  private async _save(e: Event) {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    this._formError = null;
    try {
      this._hook = await app.api!.patch<Webhook>(`/v1/webhooks/${this.hookId}`, {
        url: String(f.get('url') || '').trim(),
        description: String(f.get('description') || ''),
        events: f.getAll('events').map(String),
        enabled: f.get('enabled') === 'on',
      });
      toast('Saved.');
    } catch (err) {
      this._formError = err;
    }
  }

  private async _test() {
    try {
      await app.api!.post(`/v1/webhooks/${this.hookId}/test`);
      toast('Test event queued; it is sent at once.');
      void this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _rotate() {
    const ok = await confirmDialog({
      title: 'Rotate the signing secret?',
      body: 'A new secret signs every delivery from now on. For 24 hours the old one keeps signing too (a second signature), so receivers can switch without missing an event.',
      confirm: 'Rotate secret',
    });
    if (!ok) return;
    try {
      const h = await app.api!.post<Webhook>(`/v1/webhooks/${this.hookId}/rotate-secret`);
      this._hook = h;
      await showSecret('New signing secret', secretNote(), [{ label: 'Signing secret', value: h.secret || '' }]);
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _delete() {
    const ok = await confirmDialog({ title: 'Delete this endpoint?', body: 'No more events are sent to it, and its delivery log is deleted.', confirm: 'Delete endpoint', danger: true });
    if (!ok) return;
    try {
      await app.api!.del(`/v1/webhooks/${this.hookId}`);
      toast('Endpoint deleted.');
      navigate('/webhooks');
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private async _retry(d: Delivery) {
    try {
      await app.api!.post(`/v1/webhooks/${this.hookId}/deliveries/${d.id}/retry`);
      toast('Redelivery scheduled.');
      void this._load();
    } catch (e) {
      toast(messageOf(e), true);
    }
  }

  private _toggle(id: string) {
    const s = new Set(this._open);
    if (s.has(id)) s.delete(id);
    else s.add(id);
    this._open = s;
  }

  private _delivery(d: Delivery) {
    const last = d.attempts[d.attempts.length - 1];
    const open = this._open.has(d.id);
    return html`<tr data-delivery=${d.id} data-type=${d.type} data-state=${d.state}>
        <td><button class="btn sm ghost" aria-expanded=${String(open)} aria-controls=${'att-' + d.id} @click=${() => this._toggle(d.id)} aria-label=${`Attempts of ${d.type} ${d.id}`}>${open ? '▾' : '▸'}</button></td>
        <td style="min-width:0">${eventType(d.type)}
          <div class="narrow-only row small" style="margin-top:4px"><span class="badge ${d.state}">${d.state}</span>${last ? html`<span class="muted">${last.status || 'no answer'}</span>` : nothing}</div></td>
        <td class="wide-only"><span class="badge ${d.state}">${d.state}</span></td>
        <td class="num wide-only">${last ? (last.status || '–') : '–'}</td>
        <td class="num wide-only">${last ? `${last.duration_ms} ms` : '–'}</td>
        <td class="num wide-only">${d.attempts.length}</td>
        <td class="nowrap wide-only">${when(d.created_at)}</td>
        <td style="text-align:right">${app.canWrite ? html`<button class="btn sm" data-write @click=${() => this._retry(d)}>${icon('refresh')}<span class="wide-inline">Redeliver</span><span class="visually-hidden"> ${d.type}</span></button>` : nothing}</td>
      </tr>
      ${open
        ? html`<tr id=${'att-' + d.id} class="attempts"><td colspan="8">
            <p class="small muted">Event <code>${d.event_id}</code>${d.next_attempt_at ? html` · next attempt ${fmtDate(d.next_attempt_at)}` : nothing}</p>
            ${d.attempts.length
              ? html`<ol class="stack-sm" style="padding-left:20px;margin:8px 0 0">${d.attempts.map((a) => html`<li>
                  <span class="small">${fmtDate(a.at)} · <strong>${a.status || 'no answer'}</strong> · ${a.duration_ms} ms${a.error ? html` · <span style="color:var(--danger)">${a.error}</span>` : nothing}</span>
                  ${a.response_excerpt ? html`<pre tabindex="0" style="margin-top:4px;max-height:160px">${a.response_excerpt}</pre>` : nothing}
                </li>`)}</ol>`
              : html`<p class="small muted">No attempt yet.</p>`}
          </td></tr>`
        : nothing}`;
  }

  render() {
    const h = this._hook;
    if (!h) {
      return html`<div class="page"><div><a class="small" href=${href('/webhooks')}>← Webhooks</a></div><div class="page-head"><h1>Webhook endpoint</h1></div>
        ${this._error ? errorBox(this._error) : html`<div class="card loading" role="status">Loading…</div>`}</div>`;
    }
    const w = app.canWrite;
    const ds = this._deliveries?.data || [];
    return html`<div class="page">
      <div><a class="small" href=${href('/webhooks')}>← Webhooks</a></div>
      <div class="page-head">
        <h1 class="ellipsis">${h.url}</h1>
        ${w ? html`<div class="actions">
          <button class="btn" data-write data-action="test" @click=${this._test}>${icon('send')}Send test event</button>
          <button class="btn" data-write @click=${this._rotate}>Rotate secret</button>
          <button class="btn danger" data-write @click=${this._delete}>${icon('trash')}Delete</button></div>` : nothing}
      </div>
      ${readOnlyBanner()}
      ${errorBox(this._error)}
      ${h.previous_secret_expires_at ? html`<p class="banner">The previous secret keeps signing until ${fmtDate(h.previous_secret_expires_at)}.</p>` : nothing}
      <div class="card">
        <div class="card-head"><h2>Deliveries</h2><span class="muted small">newest first; the log refreshes itself</span></div>
        ${ds.length
          ? html`<div class="table-wrap"><table class="table" data-deliveries>
              <thead><tr><th><span class="visually-hidden">Details</span></th><th>Event</th><th class="wide-only">State</th><th class="wide-only">Status</th><th class="wide-only">Latency</th><th class="wide-only">Attempts</th><th class="wide-only">Created</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>${ds.map((d) => this._delivery(d))}</tbody></table></div>`
          : empty('send', 'No deliveries yet', w ? 'Events are sent as videos change. Send a test event to check your receiver now.' : 'Events are sent as videos change.', w ? html`<button class="btn primary" data-write @click=${this._test}>${icon('send')}Send test event</button>` : nothing)}
      </div>
      <div class="card"><div class="card-head"><h2>Settings</h2></div>
        <form class="card-body form-grid" @submit=${this._save}>
          <div class="field"><label for="wh-url">URL</label><input id="wh-url" name="url" type="url" .value=${h.url} required ?readonly=${!w} /></div>
          <div class="field"><label for="wh-desc">Description</label><input id="wh-desc" name="description" .value=${h.description || ''} ?readonly=${!w} /></div>
          ${eventBoxes(h.events || [], 'edit-')}
          <label class="check"><input type="checkbox" name="enabled" .checked=${h.enabled} ?disabled=${!w} /> Enabled (while disabled, deliveries wait)</label>
          ${errorBox(this._formError)}
          ${w ? html`<div class="actions"><button class="btn primary" type="submit" data-write>Save</button></div>` : nothing}
        </form></div>
    </div>`;
  }
}
define('reel-dash-webhook', WebhookPage);
