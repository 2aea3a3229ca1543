// <reel-player>'s menus and screens in Chromium against the mock server:
// chapters (markers on the seek bar, hover title, a menu pick seeks), the
// quality menu (a pick pins hls.js's level and holds; Auto restores ABR),
// the playback-rate menu, PiP/AirPlay availability, and the start-, hover-
// and end-screen slots. Every menu is opened and operated with the keyboard,
// and shot open at a phone's width (360 px) and a desktop's (1440 px) into
// test/artifacts/screens/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startMock } from './mock-server.mjs';
import { ARTIFACTS, launch, mount, newPage, settle } from './browser.mjs';

const SHOTS = join(ARTIFACTS, 'screens');
const WIDTHS = [360, 1440];

let mock, browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mock = await startMock();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await mock?.close();
});

async function pageAt(width) {
  const page = await newPage(browser.context);
  await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
  return page;
}
const frame = (inner) => `<style>body{margin:0;background:#f4f5f7}#root{max-width:1100px;margin:0 auto;padding:24px 16px}reel-player{max-width:none}</style>${inner}`;
const shot = (page, name, width) => page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });

/** The focused element, through shadow roots (menu items live in their menu's). */
const ACTIVE = `(r) => { let el = r.activeElement; while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement; return el; }`;

/** Evaluates fn(player, shadowRoot, arg) in the page. */
const inPlayer = (page, fn, arg) =>
  page.evaluate(([src, a]) => {
    const p = document.querySelector('reel-player');
    return new Function('p', 'r', 'a', `return (${src})(p, r, a)`)(p, p.shadowRoot, a);
  }, [fn.toString(), arg]);

async function waitFor(page, fn, arg, timeout = 15000) {
  await page.waitForFunction(
    ([src, a]) => {
      const p = document.querySelector('reel-player');
      return p && new Function('p', 'r', 'a', `return (${src})(p, r, a)`)(p, p.shadowRoot, a);
    },
    [fn.toString(), arg],
    { timeout },
  );
}

/** Keeps the controls showing: the pointer over the video, moved a little. */
async function hover(page) {
  const box = await page.locator('reel-player').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 3 + 3);
}

/**
 * Opens a menu with the keyboard (focus its button, Enter) and returns the
 * items' text; asserts the focused item shows a focus ring.
 */
async function openByKeyboard(page, button, menu) {
  await hover(page);
  await waitFor(page, (p, r, b) => r.querySelector(b)?.checkVisibility(), button);
  await page.focus(`reel-player >> ${button}`);
  await page.keyboard.press('Enter');
  await waitFor(page, (p, r, m) => !r.querySelector(m).hidden && r.querySelector(m).checkVisibility(), menu);
  await waitFor(page, (p, r, [m, active]) => eval(active)(r)?.localName === 'media-chrome-menu-item' && r.querySelector(m) === r.activeElement, [menu, ACTIVE]);
  const ring = await inPlayer(page, (p, r, active) => {
    const el = eval(active)(r);
    const s = getComputedStyle(el);
    return { tag: el.localName, outline: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none' };
  }, ACTIVE);
  assert.equal(ring.outline, true, `${menu}: the focused ${ring.tag} shows a focus ring`);
  return inPlayer(page, (p, r, m) => Array.from(r.querySelector(m).items).map(
    (i) => Array.from(i.children).map((c) => c.textContent.trim()).filter(Boolean).join(' ') + (i.checked ? ' *' : ''),
  ), menu);
}

/** Moves the keyboard focus to the item whose text starts with `text` (ArrowDown/ArrowUp) and presses Enter. */
async function pick(page, menu, text) {
  for (let i = 0; i < 12; i++) {
    const cur = await inPlayer(page, (p, r, active) => eval(active)(r)?.textContent.trim().replace(/\s+/g, ' ') ?? '', ACTIVE);
    if (cur.startsWith(text)) break;
    await page.keyboard.press('ArrowDown');
  }
  const cur = await inPlayer(page, (p, r, active) => eval(active)(r)?.textContent.trim().replace(/\s+/g, ' ') ?? '', ACTIVE);
  assert.ok(cur.startsWith(text), `focused "${cur}", wanted "${text}"`);
  await page.keyboard.press('Enter');
  await waitFor(page, (p, r, m) => r.querySelector(m).hidden, menu);
}

describe('player menus', () => {
  for (const width of WIDTHS) {
    test(`chapters at ${width} px: markers, hover title, a menu pick seeks`, async () => {
      const page = await pageAt(width);
      await mount(page, mock.base, frame('<reel-player embed="spc01chapter001" loading="eager" muted></reel-player>'));
      // (Narrow players show their seek row once playback has started.)
      await inPlayer(page, (p) => p.play());
      await waitFor(page, (p) => p.currentTime > 0.3, undefined, 20000);
      await inPlayer(page, (p) => p.pause());
      await waitFor(page, (p, r) => r.querySelector('media-time-range')?.mediaChaptersCues?.length === 3 && r.querySelector('media-controller').hasAttribute('mediaduration'));
      // Markers: the seek bar is cut into segments at 4 s and 8.5 s of 12 s.
      const marksOf = (p, r) => {
        const tr = [...r.querySelectorAll('media-time-range')].find((x) => x.checkVisibility()).shadowRoot;
        const xs = [];
        for (const sheet of [...tr.styleSheets, ...tr.adoptedStyleSheets])
          for (const rule of sheet.cssRules) {
            const m = /#segments-clipping rect:nth-child\((\d+)\)/.exec(rule.selectorText || '');
            if (m && rule.style.getPropertyValue('x')) xs[+m[1] - 1] = rule.style.getPropertyValue('x');
          }
        return { segmented: tr.querySelector('#container').classList.contains('segments'), xs, d: p.media.duration };
      };
      // The bar is redrawn when the duration moves from the lookup's 12 s to
      // the media's own 12.02 s: wait for the markers of the media's (a busy
      // machine once read them in between), then check them.
      await waitFor(page, (p, r, src) => {
        const m = new Function(`return (${src})`)()(p, r);
        const pct = m.xs.slice(1).map((x) => parseFloat(x)).filter((x) => x < 99);
        return pct.length === 2 && Math.abs(pct[0] - 400 / m.d) < 0.05 && Math.abs(pct[1] - 850 / m.d) < 0.05;
      }, marksOf.toString()).catch(() => {});
      const marks = await inPlayer(page, marksOf);
      assert.equal(marks.segmented, true);
      const d = marks.d;
      const pct = marks.xs.slice(1).map((x) => parseFloat(x)).filter((x) => x < 99);
      assert.equal(pct.length, 2, `segment starts ${marks.xs}`);
      assert.ok(Math.abs(pct[0] - (400 / d)) < 0.05 && Math.abs(pct[1] - (850 / d)) < 0.05, `segment starts ${marks.xs} for ${d} s`);
      // Hovering the bar at 6 s shows the chapter's title over the preview.
      // (Narrow players show the seek bar in a row of its own: the visible one.)
      const bar = await page.locator('reel-player media-time-range').filter({ visible: true }).boundingBox();
      await hover(page);
      await page.mouse.move(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
      await waitFor(page, (p, r) => {
        const d = [...r.querySelectorAll('media-preview-chapter-display')].find((x) => x.checkVisibility());
        if (!d) return false;
        return d.getAttribute('mediapreviewchapter') === 'The middle part' && d.shadowRoot.textContent.includes('The middle part') && d.checkVisibility();
      });
      await settle(page);
      await shot(page, 'player-chapters-hover', width);

      const items = await openByKeyboard(page, 'reel-chapters-menu-button', 'reel-chapters-menu');
      assert.deepEqual(items, ['Intro 0:00 *', 'The middle part 0:04', 'Credits 0:08']);
      await settle(page);
      await shot(page, 'player-chapters-menu', width);
      await pick(page, 'reel-chapters-menu', 'Credits');
      await waitFor(page, (p) => Math.abs(p.currentTime - 8.5) < 0.1);
      // The menu follows the playhead: Credits is now the current chapter.
      await waitFor(page, (p, r) => r.querySelector('reel-chapters-menu').items.map((i) => i.checked).join() === 'false,false,true');
      // A pick of the current chapter seeks back to its start.
      await inPlayer(page, (p) => (p.currentTime = 10));
      await openByKeyboard(page, 'reel-chapters-menu-button', 'reel-chapters-menu');
      await pick(page, 'reel-chapters-menu', 'Credits');
      await waitFor(page, (p) => Math.abs(p.currentTime - 8.5) < 0.1);
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test(`quality and rate at ${width} px: a pick pins hls.js and holds, Auto restores ABR; rate`, async () => {
      const page = await pageAt(width);
      await mount(page, mock.base, frame('<reel-player embed="spc01public0001" loading="eager" muted loop controls="play time seek subtitles quality rate pip airplay fullscreen"></reel-player>'));
      await inPlayer(page, (p) => p.play());
      await waitFor(page, (p) => p.currentTime > 0.5 && p.hls?.levels?.length === 2, undefined, 20000);
      const levels = await inPlayer(page, (p) => p.hls.levels.map((l) => l.height));
      const sd = levels.indexOf(360);
      const hd = levels.indexOf(720);
      assert.ok(sd >= 0 && hd >= 0, `levels ${levels}`);
      assert.equal(await inPlayer(page, (p) => p.hls.autoLevelEnabled), true);

      // (The menu redraws its items when the video's size changes, which
      // takes the focus with them: open it once ABR has settled.)
      await waitFor(page, (p) => p.hls.currentLevel >= 0 && p.media.videoHeight === p.hls.levels[p.hls.currentLevel].height && p.currentTime > 2, undefined, 20000);
      let items = await openByKeyboard(page, 'media-rendition-menu-button', 'media-rendition-menu');
      assert.deepEqual(items.map((i) => i.replace(/ \(\d+p\)/, '')), ['720p', '360p', 'Auto *']);
      await settle(page);
      await shot(page, 'player-quality-menu', width);
      await pick(page, 'media-rendition-menu', '720p');
      await waitFor(page, (p, r, l) => p.hls.loadLevel === l && p.hls.autoLevelEnabled === false, hd);
      await waitFor(page, (p, r, l) => p.hls.currentLevel === l, hd);
      // It holds while playing on, over several segments (and a loop).
      const t0 = await inPlayer(page, (p) => p.currentTime);
      await waitFor(page, (p, r, t) => p.currentTime > t + 3 || p.currentTime < t, t0, 20000);
      assert.deepEqual(await inPlayer(page, (p) => [p.hls.autoLevelEnabled, p.hls.loadLevel, p.hls.currentLevel]), [false, hd, hd]);
      items = await openByKeyboard(page, 'media-rendition-menu-button', 'media-rendition-menu');
      assert.deepEqual(items.map((i) => i.replace(/ \(\d+p\)/, '')), ['720p *', '360p', 'Auto']);
      await pick(page, 'media-rendition-menu', '360p');
      await waitFor(page, (p, r, l) => p.hls.loadLevel === l && p.hls.currentLevel === l && !p.hls.autoLevelEnabled, sd);
      // Open the menu once the 360p picture shows: its size change redraws
      // the items and would take the focus with them (as above).
      await waitFor(page, (p) => p.media.videoHeight === 360, undefined, 20000);
      await openByKeyboard(page, 'media-rendition-menu-button', 'media-rendition-menu');
      await pick(page, 'media-rendition-menu', 'Auto');
      await waitFor(page, (p) => p.hls.autoLevelEnabled === true && p.hls.loadLevel >= 0);

      items = await openByKeyboard(page, 'media-playback-rate-menu-button', 'media-playback-rate-menu');
      assert.deepEqual(items, ['0.5x', '0.75x', '1x *', '1.25x', '1.5x', '1.75x', '2x']);
      await settle(page);
      await shot(page, 'player-rate-menu', width);
      await pick(page, 'media-playback-rate-menu', '1.5x');
      await waitFor(page, (p) => p.playbackRate === 1.5 && p.media.playbackRate === 1.5);
      // The button's label follows the rate a moment later (media-chrome's state propagation).
      await waitFor(page, (p, r) => {
        const b = r.querySelector('media-playback-rate-menu-button');
        return /1\.5x/.test(b.textContent + b.shadowRoot.textContent);
      });

      // PiP where the browser has it; AirPlay only where WebKit's event exists.
      const avail = await inPlayer(page, (p, r) => ({
        pip: r.querySelector('media-pip-button').checkVisibility() === !!document.pictureInPictureEnabled,
        airplay: r.querySelector('media-airplay-button').checkVisibility() === 'WebKitPlaybackTargetAvailabilityEvent' in window,
      }));
      assert.deepEqual(avail, { pip: true, airplay: true });
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('reel-text: chapter headings before the chapters\' first cues; a heading seeks to the chapter', async () => {
    const page = await pageAt(1000);
    await mount(page, mock.base, frame(`<reel-player embed="spc01chapter001" loading="eager" muted></reel-player>
      <reel-text embed="spc01chapter001" loading="eager"></reel-text>`));
    await page.waitForFunction(() => document.querySelector('reel-text').cues.length === 4);
    const rows = await page.evaluate(() =>
      Array.from(document.querySelector('reel-text').shadowRoot.querySelectorAll('li')).map((li) =>
        li.matches('[part~=chapter]') ? `# ${li.querySelector('h3').textContent.trim().replace(/\s+/g, ' ')}` : li.dataset.i,
      ),
    );
    assert.deepEqual(rows, ['# 0:00Intro', '0', '1', '# 0:04The middle part', '2', '# 0:08Credits', '3']);
    await page.screenshot({ path: join(SHOTS, 'text-chapters-1000.png') });
    await page.locator('reel-text h3 button', { hasText: 'The middle part' }).click();
    await waitFor(page, (p) => p.currentTime >= 4 && p.currentTime < 5, undefined, 15000);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('one rendition, no chapters: neither the quality nor the chapters button', async () => {
    const page = await pageAt(1000);
    await mount(page, mock.base, frame('<reel-player embed="spc01public0001" loading="eager" muted quality="sd"></reel-player>'));
    await inPlayer(page, (p) => p.play());
    await waitFor(page, (p) => p.currentTime > 0.5, undefined, 20000);
    await hover(page);
    await waitFor(page, (p, r) => customElements.get('media-rendition-menu-button') && r.querySelector('media-rendition-menu-button').hasAttribute('mediarenditionunavailable'));
    const shown = await inPlayer(page, (p, r) => ({
      quality: r.querySelector('media-rendition-menu-button').checkVisibility(),
      chapters: !!r.querySelector('reel-chapters-menu-button'),
      levels: p.media.videoRenditions.length,
    }));
    assert.deepEqual(shown, { quality: false, chapters: false, levels: 0 });
    await page.close();
  });

  test('screens: start-screen before play, hover-screen under the pointer, a hidden end-screen shows at the end and hides on replay', async () => {
    const page = await pageAt(1000);
    await mount(
      page,
      mock.base,
      frame(`<reel-player embed="spc01public0001" loading="eager" muted>
        <div slot="start-screen" id="start" style="position:absolute;left:16px;bottom:64px;color:#fff;font:600 20px system-ui">Episode 3</div>
        <div slot="hover-screen" id="hov" hidden style="position:absolute;right:16px;top:48px;color:#fff">Logo</div>
        <div slot="end-screen" id="end" hidden><a href="#next" style="color:#fff;font:600 20px system-ui">Watch the next one</a></div>
      </reel-player><p><button id="out">outside</button></p>`),
    );
    await waitFor(page, (p) => p.state === 'ready');
    const vis = () => page.evaluate(() => Object.fromEntries(['start', 'hov', 'end'].map((id) => [id, document.getElementById(id).checkVisibility()])));
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => !document.getElementById('hov').checkVisibility());
    assert.deepEqual(await vis(), { start: true, hov: false, end: false });
    await hover(page);
    await page.waitForFunction(() => document.getElementById('hov').checkVisibility());
    await shot(page, 'player-start-hover-screen', 1000);
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => !document.getElementById('hov').checkVisibility());
    await inPlayer(page, (p) => p.play());
    await waitFor(page, (p) => p.currentTime > 0.3, undefined, 20000);
    assert.deepEqual(await vis(), { start: false, hov: false, end: false });
    await inPlayer(page, (p) => (p.currentTime = 11.3));
    await waitFor(page, (p) => p.ended, undefined, 15000);
    await page.waitForFunction(() => document.getElementById('end').checkVisibility());
    assert.deepEqual(await vis(), { start: false, hov: false, end: true });
    assert.equal(await page.evaluate(() => document.getElementById('end').hidden), false);
    await shot(page, 'player-end-screen', 1000);
    // The link in the end screen takes a click.
    await page.locator('#end a').click();
    await page.waitForFunction(() => location.hash === '#next');
    // Replay: the end screen goes (hidden again).
    await inPlayer(page, (p) => p.play());
    await waitFor(page, (p) => !p.ended && p.currentTime > 0.2, undefined, 15000);
    await page.waitForFunction(() => document.getElementById('end').hidden && !document.getElementById('end').checkVisibility());
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});
