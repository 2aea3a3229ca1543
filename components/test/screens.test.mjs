// What a first-time visitor sees, at a phone's width (360 px) and a desktop's
// (1440 px): the player before and during playback, <reel-upload> and
// <reel-list> with a video still processing. Screenshots land in
// test/artifacts/screens/ (the watch page's are taken against the real
// server, in real-server.test.mjs); the assertions pin what they show.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startMock, GOOD_TOKEN, UPLOAD_TOKEN } from './mock-server.mjs';
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

const shot = (page, name, width) => page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });

// A page like an integrator's: some margin, the element at a sensible width.
const frame = (inner) => `<style>body{margin:0;background:#f4f5f7;color:#16181d}#root{max-width:1100px;margin:0 auto;padding:24px 16px}
  reel-player{max-width:none}</style>${inner}`;

const inShadow = (sel, inner) => document.querySelector(sel).shadowRoot.querySelector(inner);

describe('screens', () => {
  for (const width of WIDTHS) {
    test(`player at ${width} px: big play button and title, then playing`, async () => {
      const page = await pageAt(width);
      await mount(page, mock.base, frame('<reel-player embed="spc01public0001" loading="eager" muted></reel-player>'));
      await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready');
      await page.waitForFunction(() => {
        const r = document.querySelector('reel-player').shadowRoot;
        const img = r.querySelector('media-poster-image')?.shadowRoot?.querySelector('img');
        return img?.complete && img.naturalWidth > 0 && r.querySelector('media-controller').hasAttribute('mediaduration');
      });
      const idle = await page.evaluate(() => {
        const r = document.querySelector('reel-player').shadowRoot;
        const big = r.querySelector('[part=big-play-button]');
        const title = r.querySelector('[part=title]');
        const box = big.getBoundingClientRect();
        const host = document.querySelector('reel-player').getBoundingClientRect();
        return {
          big: big.checkVisibility(),
          centred: Math.abs(box.x + box.width / 2 - (host.x + host.width / 2)) < 2 && Math.abs(box.y + box.height / 2 - (host.y + host.height / 2)) < 2
            ? true : [box.x, box.y, box.width, box.height, host.x, host.y, host.width, host.height],
          accent: getComputedStyle(big).backgroundColor,
          title: title?.textContent,
          titleShown: title?.checkVisibility(),
        };
      });
      await page.mouse.move(1, 1);
      await shot(page, 'player-idle', width);
      assert.deepEqual(idle, { big: true, centred: true, accent: 'rgb(91, 140, 255)', title: 'Test pattern', titleShown: true });

      // Keyboard: the big button is reachable with Tab (right after the
      // controller, which takes the hotkeys) and starts playback.
      const focused = () => page.evaluate(() => document.querySelector('reel-player').shadowRoot.activeElement?.getAttribute('part'));
      for (let i = 0; i < 3 && (await focused()) !== 'big-play-button'; i++) await page.keyboard.press('Tab');
      assert.equal(await focused(), 'big-play-button');
      await shot(page, 'player-idle-focus', width);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => {
        const p = document.querySelector('reel-player');
        return !p.paused && p.currentTime > 1.2;
      }, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => !!document.querySelector('reel-player').shadowRoot.querySelector('[part=big-play-button]')), false, 'big play button gone');
      const box = await page.locator('reel-player').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
      // shown, and faded in
      await page.waitForFunction(() => {
        const root = document.querySelector('reel-player').shadowRoot;
        return !root.querySelector('media-controller').hasAttribute('userinactive') && getComputedStyle(root.querySelector('media-control-bar')).opacity === '1';
      });
      await settle(page);
      await shot(page, 'player-playing', width);
      // The title shows with the controls and goes with them.
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => {
        const t = document.querySelector('reel-player').shadowRoot.querySelector('[part=title]');
        return getComputedStyle(t).opacity === '0';
      }, null, { timeout: 10000 });
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test(`upload at ${width} px: drop area, then a file's progress`, async () => {
      const page = await pageAt(width);
      await mount(page, mock.base, frame(`<reel-upload token="${UPLOAD_TOKEN}" chunk-size="262144"></reel-upload>`));
      await page.waitForFunction(() => document.querySelector('reel-upload').shadowRoot.querySelector('button.primary'));
      const look = await page.evaluate(() => {
        const r = document.querySelector('reel-upload').shadowRoot;
        const zone = getComputedStyle(r.querySelector('[part=dropzone]'));
        return { border: zone.borderTopStyle, button: getComputedStyle(r.querySelector('button.primary')).backgroundColor };
      });
      assert.deepEqual(look, { border: 'dashed', button: 'rgb(91, 140, 255)' });
      await shot(page, 'upload-idle', width);
      // Drag-over highlights the zone in the accent color.
      await page.evaluate(() => {
        const z = document.querySelector('reel-upload').shadowRoot.querySelector('[part=dropzone]');
        z.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() }));
      });
      await page.waitForFunction(() => getComputedStyle(document.querySelector('reel-upload').shadowRoot.querySelector('[part=dropzone]')).borderTopColor === 'rgb(91, 140, 255)');
      await shot(page, 'upload-drag', width);
      await page.evaluate(() => {
        const z = document.querySelector('reel-upload').shadowRoot.querySelector('[part=dropzone]');
        z.dispatchEvent(new DragEvent('dragleave', { bubbles: true }));
      });
      await page.locator('reel-upload input[type=file]').setInputFiles({ name: 'Holiday in Lisbon, day 3 (final cut).mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(3 * 1024 * 1024, 7) });
      await page.waitForFunction(() => {
        const u = document.querySelector('reel-upload');
        return u.state === 'uploading' && u.shadowRoot.querySelector('progress')?.value >= 20;
      }, null, { timeout: 20000 });
      await page.locator('reel-upload button[data-action=pause]').click();
      const file = await page.evaluate(() => document.querySelector('reel-upload').shadowRoot.querySelector('[part=file] .name').textContent);
      assert.equal(file, 'Holiday in Lisbon, day 3 (final cut).mp4');
      await shot(page, 'upload-progress', width);
      await page.close();
    });

    test(`list at ${width} px: a processing tile, then it finishes without a reload`, async () => {
      await fetch(mock.base + '/__mock/fresh?state=processing');
      const page = await pageAt(width);
      await mount(page, mock.base, frame(`<reel-list token="${GOOD_TOKEN}" limit="10"></reel-list>`));
      await page.evaluate(() => (customElements.get('reel-list').processingPoll = 0.3));
      await page.waitForFunction(() => document.querySelector('reel-list').items.length === 4);
      await page.waitForFunction(() =>
        Array.from(document.querySelector('reel-list').shadowRoot.querySelectorAll('img')).every((i) => i.complete && i.naturalWidth > 0),
      );
      const tile = await page.evaluate(() => {
        const b = document.querySelector('reel-list').shadowRoot.querySelector('button[data-embed=spc01fresh00001]');
        return { state: b.dataset.state, badge: b.querySelector('[part=state]')?.textContent, img: !!b.querySelector('img'), placeholder: !!b.querySelector('[part=placeholder]') };
      });
      assert.deepEqual(tile, { state: 'processing', badge: 'Processing…', img: false, placeholder: true });
      await shot(page, 'list-processing', width);
      await fetch(mock.base + '/__mock/fresh?state=ready');
      await page.waitForFunction(() => document.querySelector('reel-list').shadowRoot.querySelector('button[data-embed=spc01fresh00001]')?.dataset.state === 'ready', null, { timeout: 10000 });
      assert.equal(await page.evaluate(() => !!document.querySelector('reel-list').shadowRoot.querySelector('button[data-embed=spc01fresh00001] img')), true);
      // Gone from the page: no more requests.
      await page.evaluate(() => document.querySelector('reel-list').remove());
      const count = () => fetch(mock.base + '/__mock/requests').then((r) => r.json()).then((l) => l.filter((x) => x.startsWith('GET /v1/list')).length);
      const n = await count();
      await page.waitForTimeout(1200);
      assert.equal(await count(), n, 'a removed list stops polling');
      await fetch(mock.base + '/__mock/fresh?state=off');
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('track labels in their own language; no audio-track button for one track', async () => {
    const page = await pageAt(1000);
    await mount(page, mock.base, `<reel-player id="two" embed="spc01public0001" loading="eager" muted></reel-player>
      <reel-player id="one" embed="spc01mono000001" loading="eager" muted></reel-player>`);
    for (const id of ['two', 'one']) await page.evaluate((i) => document.getElementById(i).play(), id);
    await page.waitForFunction(() => ['two', 'one'].every((i) => document.getElementById(i).currentTime > 0.5), null, { timeout: 20000 });
    await page.waitForFunction(() => document.getElementById('two').audioTracks.length === 2 && document.getElementById('one').audioTracks.length === 1);
    const labels = await page.evaluate(() => ({
      subtitles: Array.from(document.getElementById('two').textTracks).filter((t) => t.kind === 'subtitles').map((t) => t.label),
      audio: Array.from(document.getElementById('two').audioTracks).map((t) => t.label),
    }));
    assert.deepEqual(labels, { subtitles: ['English', 'Français'], audio: ['English', 'Français'] });
    await page.waitForFunction(() => document.getElementById('two').shadowRoot.querySelector('media-audio-track-menu-button'));
    const shown = await page.evaluate(() =>
      ['two', 'one'].map((i) => document.getElementById(i).shadowRoot.querySelector('media-audio-track-menu-button').checkVisibility()),
    );
    assert.deepEqual(shown, [true, false]);
    await page.close();
  });
});
