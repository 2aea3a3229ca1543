// Shared pieces of the dashboard's pages: the light-DOM base element, icons,
// formatting, dialogs (native <dialog>: focus kept inside, Escape closes),
// toasts, copy buttons, empty and error states.
import { html, LitElement, nothing, render, svg, TemplateResult } from 'lit';
import { ApiError, messageOf } from './api.js';
import { app } from './state.js';

/** Every dashboard element renders into the light DOM (one global stylesheet). */
export class LightElement extends LitElement {
  createRenderRoot() {
    return this;
  }
}

export function define(name: string, ctor: CustomElementConstructor) {
  if (!customElements.get(name)) customElements.define(name, ctor);
}

// ---------------------------------------------------------------- icons

const ICONS: Record<string, TemplateResult> = {
  video: svg`<rect x="2.5" y="5" width="14" height="14" rx="2.5"/><path d="m16.5 10 5-3v10l-5-3"/>`,
  upload: svg`<path d="M12 15V4m0 0-4 4m4-4 4 4"/><path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"/>`,
  folder: svg`<path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>`,
  chart: svg`<path d="M4 20V10m6 10V4m6 16v-7m4 7H3"/>`,
  hook: svg`<path d="M18 16.98h-5.99c-1.1 0-1.95.94-2.48 1.9A4 4 0 0 1 2 17c.01-.7.2-1.4.57-2"/><path d="m6 17 3.13-5.78c.53-.97.1-2.18-.5-3.1a4 4 0 1 1 6.89-4.06"/><path d="m12 6 3.13 5.73C15.66 12.7 16.9 13 18 13a4 4 0 0 1 0 8"/>`,
  key: svg`<circle cx="7.5" cy="15.5" r="4.5"/><path d="m10.7 12.3 9.8-9.8M16 7l3 3m-5-1 2 2"/>`,
  live: svg`<circle cx="12" cy="12" r="2.5"/><path d="M7.8 16.2a6 6 0 0 1 0-8.4m8.4 0a6 6 0 0 1 0 8.4M4.9 19.1a10 10 0 0 1 0-14.2m14.2 0a10 10 0 0 1 0 14.2"/>`,
  player: svg`<circle cx="12" cy="12" r="9.5"/><path d="m10 8.5 5.5 3.5-5.5 3.5z"/>`,
  out: svg`<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9"/>`,
  copy: svg`<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>`,
  check: svg`<path d="M20 6 9 17l-5-5"/>`,
  trash: svg`<path d="M3 6h18M8 6V4h8v2m2 0-1 14H7L6 6"/>`,
  archive: svg`<rect x="2" y="3" width="20" height="5" rx="1"/><path d="M4 8v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8M10 12h4"/>`,
  menu: svg`<path d="M4 6h16M4 12h16M4 18h16"/>`,
  close: svg`<path d="M18 6 6 18M6 6l12 12"/>`,
  alert: svg`<circle cx="12" cy="12" r="9.5"/><path d="M12 7.5v5.5m0 3.2v.3"/>`,
  lock: svg`<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>`,
  plus: svg`<path d="M12 5v14M5 12h14"/>`,
  link: svg`<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/>`,
  external: svg`<path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>`,
  refresh: svg`<path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5"/>`,
  send: svg`<path d="m22 2-7 20-4-9-9-4z"/><path d="M22 2 11 13"/>`,
};

export function icon(name: string) {
  return html`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICONS[name] || nothing}</svg>`;
}

export const logo = html`<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="var(--accent)"/><path d="M12 9.5v13l10.5-6.5z" fill="var(--accent-fg)"/></svg>`;

// ---------------------------------------------------------------- formatting

export function fmtDuration(s: number | null | undefined): string {
  if (!s || !isFinite(s) || s <= 0) return '–';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function fmtSeconds(s: number): string {
  if (!s) return '0 s';
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  if (s < 3600) return `${(s / 60).toFixed(1)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

export function fmtBytes(n: number | null | undefined): string {
  if (!n) return '–';
  const u = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < u.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toFixed(v < 10 && i ? 1 : 0)} ${u[i]}`;
}

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const rel = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return isNaN(+d) ? iso : dateFmt.format(d);
}

export function fmtAgo(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const d = (new Date(iso).getTime() - Date.now()) / 1000;
  const a = Math.abs(d);
  if (a < 45) return 'just now';
  if (a < 3600) return rel.format(Math.round(d / 60), 'minute');
  if (a < 86400) return rel.format(Math.round(d / 3600), 'hour');
  if (a < 86400 * 30) return rel.format(Math.round(d / 86400), 'day');
  return fmtDate(iso);
}

export function fmtPct(x: number | null | undefined): string {
  if (x === null || x === undefined || !isFinite(x)) return '–';
  return `${(x * 100).toFixed(x < 0.1 && x > 0 ? 1 : 0)} %`;
}

export function fmtNum(x: number): string {
  return new Intl.NumberFormat().format(x);
}

export function when(iso: string | null | undefined) {
  return html`<time datetime=${iso || ''} title=${fmtDate(iso)}>${fmtAgo(iso)}</time>`;
}

// ---------------------------------------------------------------- state badges

const STATE_LABEL: Record<string, string> = {
  created: 'Waiting for source',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  processing: 'Processing',
  ready: 'Ready',
  errored: 'Errored',
};

/** The state of a video as a badge; `uploading` with a percentage while this page uploads it. */
export function stateBadge(state: string, opts: { pct?: number | null; playable?: boolean; archived?: boolean } = {}) {
  const label = STATE_LABEL[state] || state;
  const pct = opts.pct !== undefined && opts.pct !== null ? ` ${opts.pct}%` : '';
  return html`<span class="row" style="gap:6px"
    ><span class="badge ${state}" data-state=${state}><span class="dot"></span>${label}${pct}</span
    >${opts.playable && state === 'processing' ? html`<span class="badge info" title="Playable before processing ends">Playable</span>` : nothing}${opts.archived
      ? html`<span class="badge">Archived</span>`
      : nothing}</span
  >`;
}

// ---------------------------------------------------------------- errors, empty states

export function errorBox(e: unknown) {
  if (!e) return nothing;
  const code = e instanceof ApiError && e.code ? e.code : '';
  return html`<div class="error" role="alert">${icon('alert')}<div>${messageOf(e)}${code ? html` <span class="code small">(${code})</span>` : nothing}</div></div>`;
}

/** An event type (video.subtitles.updated) that may break after its dots, not
 * inside a word, so a table of them fits a phone's width. */
export function eventType(type: string) {
  return html`<code>${type.split('.').map((part, i) => (i ? html`.<wbr>${part}` : part))}</code>`;
}

export function empty(iconName: string, title: string, body: unknown, actions: unknown = nothing) {
  return html`<div class="empty"><span class="icon">${icon(iconName)}</span><h2>${title}</h2><p>${body}</p>${actions === nothing ? nothing : html`<div class="actions">${actions}</div>`}</div>`;
}

export function readOnlyBanner() {
  return app.canWrite ? nothing : html`<div class="banner" role="note">${icon('lock')}<span>${app.readOnlyReason}</span></div>`;
}

// ---------------------------------------------------------------- toasts

export function toast(message: string, bad = false) {
  let host = document.querySelector('.toasts') as HTMLElement | null;
  if (!host) {
    host = document.createElement('div');
    host.className = 'toasts';
    host.setAttribute('role', 'status');
    host.setAttribute('aria-live', 'polite');
    document.body.append(host);
  }
  const t = document.createElement('div');
  t.className = 'toast' + (bad ? ' bad' : '');
  t.textContent = message;
  host.append(t);
  setTimeout(() => t.remove(), bad ? 8000 : 3500);
}

/** Runs an action, toasting the API's message on failure; resolves to whether it worked. */
export async function attempt<T>(fn: () => Promise<T>, ok?: string): Promise<T | undefined> {
  try {
    const r = await fn();
    if (ok) toast(ok);
    return r;
  } catch (e) {
    toast(messageOf(e), true);
    return undefined;
  }
}

// ---------------------------------------------------------------- copying

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

/** A button that copies `value`; says "Copied" for a moment. */
export function copyButton(value: string, label = 'Copy', what = '', compact = false) {
  const onClick = async (e: Event) => {
    const b = e.currentTarget as HTMLButtonElement;
    const ok = await copyText(value);
    const span = b.querySelector('span');
    if (span) span.textContent = ok ? 'Copied' : 'Copy failed';
    b.dataset.copied = String(ok);
    setTimeout(() => {
      if (span) span.textContent = label;
      delete b.dataset.copied;
    }, 1600);
  };
  return html`<button type="button" class="btn sm ${compact ? 'icon' : ''}" data-copy=${value} aria-label=${what ? `${label} ${what}` : label} title=${compact ? label : ''} @click=${onClick}>${icon('copy')}<span aria-live="polite" class=${compact ? 'visually-hidden' : ''}>${label}</span></button>`;
}

// ---------------------------------------------------------------- dialogs

/** Shows a modal built from `body(close)`; resolves with what close() is given. */
export function modal<T>(label: string, body: (close: (v: T) => void) => unknown): Promise<T | undefined> {
  return new Promise((resolve) => {
    const dlg = document.createElement('dialog');
    dlg.setAttribute('aria-label', label);
    document.body.append(dlg);
    let result: T | undefined;
    const close = (v: T) => {
      result = v;
      dlg.close();
    };
    dlg.addEventListener('close', () => {
      dlg.remove();
      resolve(result);
    });
    render(body(close), dlg);
    dlg.showModal();
    const first = dlg.querySelector('[autofocus]') as HTMLElement | null;
    first?.focus();
  });
}

/** Asks before something that cannot be undone. `typed`: the text the user must type to confirm. */
export function confirmDialog(o: { title: string; body: unknown; confirm: string; danger?: boolean; typed?: string }): Promise<boolean> {
  return modal<boolean>(o.title, (close) => {
    const submit = (e: Event) => {
      e.preventDefault();
      close(true);
    };
    const onInput = (e: Event) => {
      const input = e.target as HTMLInputElement;
      const btn = input.form?.querySelector('button[type=submit]') as HTMLButtonElement;
      btn.disabled = input.value.trim() !== o.typed;
    };
    return html`<form method="dialog" @submit=${submit}>
      <h2>${o.title}</h2>
      <div class="muted">${o.body}</div>
      ${o.typed
        ? html`<div class="field"><label for="confirm-typed">Type <code>${o.typed}</code> to confirm</label><input id="confirm-typed" autocomplete="off" @input=${onInput} autofocus /></div>`
        : nothing}
      <div class="actions">
        <button type="button" class="btn" @click=${() => close(false)} ?autofocus=${!o.typed}>Cancel</button>
        <button type="submit" class="btn ${o.danger ? 'danger solid' : 'primary'}" ?disabled=${!!o.typed}>${o.confirm}</button>
      </div>
    </form>`;
  }).then((v) => !!v);
}

/** Shows a secret once, with a copy button. */
export function showSecret(title: string, note: unknown, values: { label: string; value: string; multiline?: boolean }[]) {
  return modal<void>(title, (close) => html`<div class="dialog-body" data-secret-dialog>
    <h2>${title}</h2>
    <p class="muted">${note}</p>
    ${values.map(
      (v, i) => html`<div class="field">
        <span class="small" id=${'secret-' + i} style="font-weight:600">${v.label}</span>
        <div class="secret">${v.multiline ? html`<pre tabindex="0" role="region" aria-label=${v.label} data-secret>${v.value}</pre>` : html`<code data-secret>${v.value}</code>`}${copyButton(v.value, 'Copy', v.label)}</div>
      </div>`,
    )}
    <div class="actions"><button class="btn primary" @click=${() => close()} autofocus>I have saved it</button></div>
  </div>`);
}

/** Loads reel.js (the elements: player, upload, files) from next to dashboard.js, once. */
let elements: Promise<unknown> | null = null;
export function loadElements(): Promise<unknown> {
  if (!elements) {
    const src = new URL('./reel.js', import.meta.url).href;
    elements = import(/* @vite-ignore */ src);
    elements.catch(() => (elements = null));
  }
  return elements;
}
