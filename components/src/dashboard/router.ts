// Client-side routing under {base_url}: /, /videos/{id}, /upload, … (the
// server answers each of these paths with the same HTML shell).
import { app } from './state.js';

export interface Route {
  name: string;
  params: Record<string, string>;
  query: URLSearchParams;
}

const PATTERNS: [RegExp, string, string[]][] = [
  [/^\/?$/, 'videos', []],
  [/^\/videos\/?$/, 'videos', []],
  [/^\/videos\/([\w-]+)$/, 'video', ['id']],
  [/^\/upload$/, 'upload', []],
  [/^\/collections$/, 'collections', []],
  [/^\/analytics$/, 'analytics', []],
  [/^\/live-streams$/, 'live', []],
  [/^\/live-streams\/([\w-]+)$/, 'live-stream', ['id']],
  [/^\/webhooks$/, 'webhooks', []],
  [/^\/webhooks\/([\w-]+)$/, 'webhook', ['id']],
  [/^\/keys$/, 'keys', []],
  [/^\/player$/, 'player', []],
  [/^\/sign-in$/, 'sign-in', []],
];

export function parse(loc: Location | URL = location): Route {
  let path = loc.pathname;
  if (app.basePath && path.startsWith(app.basePath)) path = path.slice(app.basePath.length);
  for (const [re, name, keys] of PATTERNS) {
    const m = re.exec(path);
    if (m) return { name, params: Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])), query: new URLSearchParams(loc.search) };
  }
  return { name: 'not-found', params: {}, query: new URLSearchParams(loc.search) };
}

/** The URL of an app path ("/videos/abc"), under the base path. */
export function href(path: string): string {
  return app.basePath + path;
}

export function navigate(path: string, { replace = false } = {}) {
  const url = href(path);
  if (url === location.pathname + location.search) return;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  app.emit('route', { focus: !replace });
}

/** Follows same-app links without reloading. */
export function interceptLinks(root: Document | HTMLElement) {
  root.addEventListener('click', (e) => {
    const ev = e as MouseEvent;
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    const a = ev.composedPath().find((n) => n instanceof HTMLAnchorElement) as HTMLAnchorElement | undefined;
    if (!a || !a.href || a.target || a.hasAttribute('download') || a.dataset.external !== undefined) return;
    const u = new URL(a.href);
    if (u.origin !== location.origin) return;
    if (app.basePath && !u.pathname.startsWith(app.basePath)) return;
    const r = parse(u);
    if (r.name === 'not-found') return;
    ev.preventDefault();
    history.pushState(null, '', u.pathname + u.search);
    app.emit('route', { focus: true });
  });
  addEventListener('popstate', () => app.emit('route', { focus: true }));
}
