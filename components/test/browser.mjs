// Launches Debian's Chromium through playwright-core (never a downloaded
// browser) with a fresh profile, and records any use of cookies or Web
// Storage by the page.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const CHROMIUM = process.env.REEL_CHROMIUM || '/usr/bin/chromium';

export async function launch() {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'reel-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1000, height: 700 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  await context.addInitScript(() => {
    // Storage tripwire: the elements must never touch cookies or Web Storage.
    window.__storage = [];
    for (const name of ['localStorage', 'sessionStorage']) {
      try {
        const real = Object.getOwnPropertyDescriptor(Window.prototype, name) || Object.getOwnPropertyDescriptor(window, name);
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            window.__storage.push(name + ' ' + (new Error().stack || '').split('\n').slice(2, 4).join(' | '));
            return real.get.call(window);
          },
        });
      } catch {}
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() { window.__storage.push('cookie read'); return cookie.get.call(document); },
      set(v) { window.__storage.push('cookie write'); cookie.set.call(document, v); },
    });
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** A new page that collects console errors and uncaught exceptions. */
export async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push('console: ' + m.text());
    if (process.env.REEL_DEBUG) console.log('[page]', m.type(), m.text());
  });
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, name + '.png') });
}

/** Puts markup into the blank test page (which loads /cdn/reel.js) and waits for the elements. */
export async function mount(page, base, markup) {
  await page.goto(`${base}/pages/blank.html`);
  await page.evaluate(async (html) => {
    await customElements.whenDefined('reel-player');
    document.getElementById('root').innerHTML = html;
  }, markup);
}

/**
 * Waits until the page is still enough for a screenshot: fonts loaded, no
 * finite CSS transition or animation running (shadow trees included), and
 * two frames painted after that. It replaces fixed sleeps before a shot,
 * which are too short on a loaded machine and too long on an idle one.
 */
export async function settle(page, { timeout = 5000 } = {}) {
  await page.waitForFunction(async () => {
    await document.fonts.ready;
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    if (running.length) return false;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return true;
  }, null, { timeout, polling: 50 });
}
