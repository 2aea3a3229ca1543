// <reel-clip>, <reel-text>, <reel-audio>, <reel-upload>, <reel-list>, <reel-files> in Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMock, GOOD_TOKEN, UPLOAD_TOKEN } from './mock-server.mjs';
import { launch, mount, newPage, shot } from './browser.mjs';

let mock, browser;
before(async () => {
  mock = await startMock();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await mock?.close();
});

describe('elements', () => {
  test('reel-clip plays in view, pauses out of view; reduced motion shows the poster', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, `<div style="height:1500px"></div><reel-clip id="c" embed="spc01public0001" fit="contain"></reel-clip><div style="height:1500px"></div>`);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await page.evaluate(() => document.getElementById('c').media), null, 'nothing loaded off screen');
    await page.evaluate(() => document.getElementById('c').scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => {
      const v = document.getElementById('c').media;
      return v && !v.paused && v.currentTime > 0.3;
    });
    const v = await page.evaluate(() => {
      const m = document.getElementById('c').media;
      return { muted: m.muted, loop: m.loop, controls: m.controls, fit: getComputedStyle(m).objectFit };
    });
    assert.deepEqual(v, { muted: true, loop: true, controls: false, fit: 'contain' });
    await shot(page, 'clip-visible');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.getElementById('c').media.paused);
    await page.close();

    const reduced = await newPage(browser.context);
    await reduced.emulateMedia({ reducedMotion: 'reduce' });
    await mount(reduced, mock.base, `<reel-clip id="c" embed="spc01public0001"></reel-clip>`);
    await reduced.waitForFunction(() => document.getElementById('c').shadowRoot.querySelector('img[part=poster]')?.complete);
    assert.equal(await reduced.evaluate(() => document.getElementById('c').media), null);
    await reduced.close();
  });

  test('reel-text highlights the current cue, seeks on click, follows the language', async () => {
    await fetch(mock.base + '/__mock/reset', { method: 'POST' });
    const page = await newPage(browser.context);
    await mount(
      page,
      mock.base,
      `<reel-player embed="spc01public0001" muted loading="eager"></reel-player>
       <reel-text embed="spc01public0001" style="--reel-text-height: 6em"></reel-text>`,
    );
    await page.waitForFunction(() => document.querySelector('reel-text').cues.length === 4);
    // one lookup shared by both elements
    assert.equal(mock.state.requests.filter((r) => r.includes('/v1/embeds/spc01public0001')).length, 1);
    await page.evaluate(() => document.querySelector('reel-player').play());
    await page.waitForFunction(() => document.querySelector('reel-text').shadowRoot.querySelector('li[aria-current=true]')?.dataset.i === '0');
    await page.locator('reel-text li[data-i="2"] button').click();
    await page.waitForFunction(() => {
      const p = document.querySelector('reel-player');
      return p.currentTime >= 6 && p.currentTime < 9;
    });
    await page.waitForFunction(() => document.querySelector('reel-text').shadowRoot.querySelector('li[aria-current=true]')?.dataset.i === '2');
    await shot(page, 'text-highlight');
    await page.evaluate(() => document.querySelector('reel-text').setAttribute('language', 'fr'));
    await page.waitForFunction(() => document.querySelector('reel-text').cues[0]?.text === 'Bonjour et bienvenue.');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('reel-audio plays the audio file', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, `<reel-audio embed="spc01public0001" loading="eager" controls="play time seek volume rate"></reel-audio>`);
    await page.evaluate(() => document.querySelector('reel-audio').play());
    await page.waitForFunction(() => document.querySelector('reel-audio').currentTime > 0.5);
    assert.match(await page.evaluate(() => document.querySelector('reel-audio').media.currentSrc), /audio\.m4a$/);
    assert.ok(await page.evaluate(() => !!document.querySelector('reel-audio').shadowRoot.querySelector('media-playback-rate-button')));
    await shot(page, 'audio');
    await page.close();
  });

  test('reel-upload: pause, resume, success, then playable', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, `<reel-upload token="${UPLOAD_TOKEN}" chunk-size="262144"></reel-upload>`);
    await page.evaluate(() => {
      window.__up = [];
      const u = document.querySelector('reel-upload');
      u.constructor.pollBase = 200;
      for (const t of ['upload-start', 'progress', 'success', 'playable', 'error']) u.addEventListener(t, (e) => window.__up.push([t, e.detail && JSON.parse(JSON.stringify({ ...e.detail, info: undefined, file: undefined }))]));
    });
    const size = 2 * 1024 * 1024;
    await page.locator('reel-upload input[type=file]').setInputFiles({ name: 'my clip.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(size, 7) });
    await page.waitForFunction(() => window.__up.some(([t, d]) => t === 'progress' && d.sent > 300000));
    await shot(page, 'upload-progress');
    await page.locator('reel-upload button[data-action=pause]').click();
    assert.equal(await page.evaluate(() => document.querySelector('reel-upload').state), 'paused');
    const sentAtPause = await page.evaluate(() => Math.max(...window.__up.filter(([t]) => t === 'progress').map(([, d]) => d.sent)));
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(sentAtPause < size, 'paused before the end');
    await shot(page, 'upload-paused');
    await page.locator('reel-upload button[data-action=resume]').click();
    await page.waitForFunction(() => window.__up.some(([t]) => t === 'success'), null, { timeout: 30000 });
    const success = await page.evaluate(() => window.__up.find(([t]) => t === 'success')[1]);
    assert.deepEqual(success, { video: 'vidupload001', embed: 'spc01upload0001' });
    const up = [...mock.state.uploads.values()][0].up;
    assert.equal(up.offset, size);
    assert.equal(up.meta.filename, 'my clip.mp4');
    assert.equal(up.meta.title, 'my clip');
    assert.ok(mock.state.requests.some((r) => r.startsWith('HEAD /v1/uploads/vidupload001')), 'resumed with HEAD');
    await page.waitForFunction(() => document.querySelector('reel-upload').state === 'playable', null, { timeout: 15000 });
    const types = await page.evaluate(() => window.__up.map(([t]) => t));
    assert.equal(types[0], 'upload-start');
    assert.ok(types.includes('playable'));
    assert.ok(!types.includes('error'));
    await shot(page, 'upload-playable');
    assert.deepEqual(await page.evaluate(() => window.__storage), [], 'tus kept no URL in storage');
    await page.close();
  });

  test('reel-upload: a refused token is an error event', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, `<reel-upload token="wrong"></reel-upload>`);
    await page.evaluate(() => {
      window.__err = null;
      document.querySelector('reel-upload').addEventListener('error', (e) => (window.__err = e.detail));
    });
    await page.locator('reel-upload input[type=file]').setInputFiles({ name: 'a.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(1000, 1) });
    await page.waitForFunction(() => window.__err);
    const err = await page.evaluate(() => window.__err);
    assert.equal(err.status, 401);
    assert.equal(err.code, 'unauthorized');
    await page.close();
  });

  test('reel-list renders a template per item, pages with "more", selects into a player', async () => {
    const page = await newPage(browser.context);
    await mount(
      page,
      mock.base,
      `<reel-player id="target" embed="spc01public0001" muted loading="eager"></reel-player>
       <reel-list token="${GOOD_TOKEN}" player="#target" limit="2">
         <template><figure><img data-field="poster"><figcaption data-field="title"></figcaption><small data-field="duration"></small></figure></template>
       </reel-list>`,
    );
    await page.waitForFunction(() => document.querySelector('reel-list').items.length === 2);
    assert.deepEqual(
      await page.evaluate(() => Array.from(document.querySelector('reel-list').shadowRoot.querySelectorAll('figcaption')).map((f) => f.textContent)),
      ['Test pattern', 'Second video'],
    );
    assert.equal(await page.evaluate(() => document.querySelector('reel-list').shadowRoot.querySelector('small').textContent), '0:12');
    await page.locator('reel-list button[part=more]').click();
    await page.waitForFunction(() => document.querySelector('reel-list').items.length === 3);
    assert.equal(await page.locator('reel-list button[part=more]').count(), 0);
    await page.evaluate(() => {
      window.__sel = null;
      document.querySelector('reel-list').addEventListener('select', (e) => (window.__sel = e.detail.embed));
    });
    await page.locator('reel-list button[data-embed=spc01third00001]').click();
    assert.equal(await page.evaluate(() => window.__sel), 'spc01third00001');
    assert.equal(await page.evaluate(() => document.getElementById('target').embed), 'spc01third00001');
    await page.waitForFunction(() => document.getElementById('target').info?.embed === 'spc01third00001');
    await shot(page, 'list');
    await page.close();
  });

  test('reel-files lists chosen renditions with human sizes, audio, subtitles and the original', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, `<reel-files embed="spc01public0001" renditions="h264_hd h264_sd" loading="eager"></reel-files>`);
    await page.waitForFunction(() => document.querySelector('reel-files').shadowRoot.querySelectorAll('a').length === 6);
    const links = await page.evaluate(() =>
      Array.from(document.querySelector('reel-files').shadowRoot.querySelectorAll('li')).map((li) => ({
        kind: li.querySelector('a').dataset.kind,
        text: li.querySelector('a').textContent,
        href: li.querySelector('a').getAttribute('href'),
        download: li.querySelector('a').getAttribute('download'),
        size: li.querySelector('.size')?.textContent ?? null,
      })),
    );
    assert.equal(links[0].text, 'HD (1280×720)');
    assert.equal(links[0].size, '2.3 MB');
    // ?download: the server names the file (Content-Disposition), which
    // works across origins, where the download attribute is ignored.
    assert.match(links[0].href, /\/media\/spc01\/vidpublic001\/h264_hd\.mp4\?download$/);
    assert.equal(links[0].download, '');
    assert.match(links[1].text, /^SD/);
    const res = await fetch(links[1].href);
    assert.equal(res.status, 200);
    assert.match(links[1].size, /kB|MB/);
    assert.deepEqual(
      links.slice(2).map((l) => [l.kind, l.text, l.href.replace(/^.*\/vidpublic001\//, ''), l.size]),
      [
        ['audio', 'Audio (M4A)', 'audio.m4a?download', null],
        ['subtitles', 'Subtitles: English (VTT)', 'subtitles/en.vtt?download', null],
        ['subtitles', 'Subtitles: Français (VTT)', 'subtitles/fr.vtt?download', null],
        ['original', 'Original', 'original?download', null],
      ],
    );
    await shot(page, 'files');
    // A video with two codecs names the codec of each rendition.
    await mount(page, mock.base, `<reel-files embed="spc01codecs0001" include="renditions" loading="eager"></reel-files>`);
    await page.waitForFunction(() => document.querySelector('reel-files').shadowRoot.querySelectorAll('a').length === 4);
    const labels = await page.evaluate(() => Array.from(document.querySelector('reel-files').shadowRoot.querySelectorAll('a')).map((a) => a.textContent));
    assert.deepEqual(labels, ['SD H.264 (640×360)', 'HD H.264 (1280×720)', 'SD AV1 (640×360)', 'HD AV1 (1280×720)']);
    // include picks the kinds.
    await page.evaluate(() => document.querySelector('reel-files').setAttribute('include', 'subtitles'));
    await page.waitForFunction(() => document.querySelector('reel-files').shadowRoot.querySelectorAll('a').length === 2);
    await page.close();
  });
});
