// <reel-dashboard>: the shell. Signs in with an API key, then shows the
// navigation and the page of the current route; the uploads tray lives
// here so uploads go on while moving between pages.
import { html, nothing } from 'lit';
import { messageOf } from './api.js';
import { interceptLinks, navigate, parse, Route } from './router.js';
import { app, keyStore } from './state.js';
import { styles } from './styles.js';
import { define, icon, LightElement, logo } from './ui.js';
import './pages/signin.js';
import './pages/videos.js';
import './pages/video.js';
import './pages/upload.js';
import './pages/collections.js';
import './pages/webhooks.js';
import './pages/keys.js';
import './pages/analytics.js';
import './pages/player.js';
import './pages/codecs.js';
import './pages/live.js';

const NAV: [string, string, string, string[]][] = [
  ['/', 'Videos', 'video', ['videos', 'video']],
  ['/upload', 'Upload', 'upload', ['upload']],
  ['/live-streams', 'Live', 'live', ['live', 'live-stream']],
  ['/collections', 'Collections', 'folder', ['collections']],
  ['/analytics', 'Analytics', 'chart', ['analytics']],
  ['/player', 'Player', 'player', ['player']],
  ['/webhooks', 'Webhooks', 'hook', ['webhooks', 'webhook']],
  ['/keys', 'API keys', 'key', ['keys']],
];

const TITLES: Record<string, string> = {
  videos: 'Videos',
  video: 'Video',
  upload: 'Upload',
  live: 'Live',
  'live-stream': 'Live stream',
  collections: 'Collections',
  analytics: 'Analytics',
  player: 'Player',
  webhooks: 'Webhooks',
  webhook: 'Webhook',
  keys: 'API keys',
  'sign-in': 'Sign in',
  'not-found': 'Not found',
};

export class ReelDashboard extends LightElement {
  static properties = {
    _route: { state: true },
    _ready: { state: true },
    _menu: { state: true },
    _error: { state: true },
  };
  declare _route: Route;
  declare _ready: boolean;
  declare _menu: boolean;
  declare _error: unknown;

  constructor() {
    super();
    this._route = parse();
    this._ready = false;
    this._menu = false;
    this._error = null;
  }

  connectedCallback() {
    super.connectedCallback();
    app.base = (this.dataset.api || location.origin).replace(/\/$/, '');
    app.basePath = (this.dataset.base || '').replace(/\/$/, '');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, styles.styleSheet!];
    interceptLinks(document);
    app.on('route', (d) => this._onRoute((d as { focus?: boolean })?.focus));
    app.on('auth', () => this.requestUpdate());
    void this._start();
  }

  private async _start() {
    // A key in the fragment (#key=rk_…, never sent to the server) signs in
    // once and is removed from the address bar at once.
    const hash = new URLSearchParams(location.hash.slice(1));
    const fromHash = hash.get('key');
    if (fromHash) history.replaceState(null, '', location.pathname + location.search);
    const saved = fromHash ? { key: fromHash, remember: false } : keyStore.load();
    if (saved) {
      try {
        await app.signIn(saved.key);
        keyStore.save(saved.key, saved.remember);
      } catch (e) {
        keyStore.clear();
        this._error = e;
      }
    }
    this._ready = true;
    this._title();
  }

  private _onRoute(focus = false) {
    this._route = parse();
    this._menu = false;
    this._title();
    if (focus) {
      void this.updateComplete.then(() => {
        const h = this.querySelector('main h1') as HTMLElement | null;
        if (h) {
          h.tabIndex = -1;
          h.focus({ preventScroll: true });
        }
        scrollTo(0, 0);
      });
    }
  }

  private _title() {
    const name = app.api ? this._route.name : 'sign-in';
    document.title = `${TITLES[name] || 'Reel'} · Reel`;
  }

  private _page() {
    const r = this._route;
    switch (r.name) {
      case 'videos':
        return html`<reel-dash-videos .query=${r.query.toString()}></reel-dash-videos>`;
      case 'video':
        return html`<reel-dash-video .videoId=${r.params.id}></reel-dash-video>`;
      case 'upload':
        return html`<reel-dash-upload></reel-dash-upload>`;
      case 'live':
        return html`<reel-dash-live></reel-dash-live>`;
      case 'live-stream':
        return html`<reel-dash-live-stream .streamId=${r.params.id}></reel-dash-live-stream>`;
      case 'collections':
        return html`<reel-dash-collections></reel-dash-collections>`;
      case 'analytics':
        return html`<reel-dash-analytics></reel-dash-analytics>`;
      case 'player':
        return html`<reel-dash-player></reel-dash-player>`;
      case 'webhooks':
        return html`<reel-dash-webhooks></reel-dash-webhooks>`;
      case 'webhook':
        return html`<reel-dash-webhook .hookId=${r.params.id}></reel-dash-webhook>`;
      case 'keys':
        return html`<reel-dash-keys></reel-dash-keys>`;
      case 'sign-in':
        navigate('/', { replace: true });
        return nothing;
      default:
        return html`<div class="page"><div class="page-head"><h1>Page not found</h1></div>
          <p>There is nothing at this address. <a href=${app.basePath + '/'}>Go to your videos</a>.</p></div>`;
    }
  }

  render() {
    if (!this._ready) return html`<div class="loading" role="status">Loading…</div>`;
    if (!app.api) {
      return html`<reel-dash-signin .error=${this._error ? messageOf(this._error) : ''} @signed-in=${() => {
        this._error = null;
        this._title();
      }}></reel-dash-signin>`;
    }
    const r = this._route;
    const sp = app.space!;
    const nav = html`<nav class="nav" aria-label="Main">
      ${NAV.map(
        ([path, label, ic, names]) => html`<a href=${app.basePath + path} aria-current=${names.includes(r.name) ? 'page' : 'false'}>${icon(ic)}${label}</a>`,
      )}
    </nav>`;
    return html`<div class="shell">
      <header class="topbar">
        <button class="btn ghost icon menu-button" aria-expanded=${String(this._menu)} aria-controls="sidebar" aria-label="Menu" @click=${() => (this._menu = !this._menu)}>
          ${icon(this._menu ? 'close' : 'menu')}
        </button>
        <a class="brand" href=${app.basePath + '/'}>${logo}Reel</a>
      </header>
      <aside class="sidebar ${this._menu ? 'open' : ''}" id="sidebar" aria-label="Navigation">
        <a class="brand" href=${app.basePath + '/'} style="padding:4px 10px">${logo}Reel</a>
        ${nav}
        <div class="side-foot">
          <div><span class="muted">Space</span> <strong>${sp.name || sp.id}</strong> <span class="muted mono">${sp.id}</span></div>
          <div class="row">
            <span class="badge ${app.canWrite ? 'ok' : 'pending'}" data-access=${sp.key?.access || ''}>${app.canWrite ? 'Read-write key' : 'Read-only key'}</span>
          </div>
          <div class="row">
            <a class="small" href=${app.base + '/v1/openapi.json'} data-external target="_blank" rel="noopener">API reference</a>
          </div>
          <button class="btn sm" data-action="sign-out" @click=${() => {
            app.signOut();
            navigate('/', { replace: true });
          }}>${icon('out')}Sign out</button>
        </div>
      </aside>
      <main class="main" id="main">${this._page()}</main>
    </div>
    <reel-dash-tray></reel-dash-tray>`;
  }
}

define('reel-dashboard', ReelDashboard);
