// An audio track added after upload (issue 18 item 5) against the REAL
// server: a ready video (eng + fra from the source) gets an English
// commentary (PUT /v1/videos/{id}/audio-tracks/en, label "Commentary", kind
// dub); the master playlist lists it, <reel-player>'s audio track menu offers
// it as "English (Commentary)" next to the source's English, a pick switches
// hls.js to it and its segments load, and every video segment (each
// rendition's init.mp4 and .m4s) is byte-identical before and after.
// Screenshots of the open menu at 360 and 1440 px: test/artifacts/tracks/.
// Skips only when Go is not installed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launch, newPage } from './browser.mjs';
import { abandonStart, apiClient, buildServer, cleanup, createReady, DURATION, findGo, getBytes, makeMedia, startServer, startSite, tempDir, until } from './real-server.mjs';

const GO = findGo();
const skip = GO ? false : 'Go is not installed: the added-track tests need `go build ./refserver`';
const SHOTS = join(ARTIFACTS, 'tracks');
const WIDTHS = [360, 1440];

let tmp, srv, site, api, browser, media, video;

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  tmp = tempDir('reel-tracks-');
  try {
    const bin = process.env.REEL_REFSERVER || buildServer(GO, tmp);
    media = makeMedia(join(tmp, 'media'));
    // the commentary: a 6 s 330 Hz sine, shorter than the video (the server pads it)
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `sine=frequency=330:duration=${DURATION - 2}`,
      '-c:a', 'aac', '-b:a', '64k', join(media, 'commentary.m4a')], { stdio: ['ignore', 'inherit', 'inherit'] });
    srv = await startServer(bin, join(tmp, 'data'));
    site = await startSite({ media, reel: srv.base });
    api = apiClient(srv.base, srv.key);
    video = await createReady(api, { input_url: site.base + '/media/source.mp4', title: 'Added track' });
    browser = await launch();
  } catch (e) {
    await abandonStart(srv, site);
    throw e;
  }
});

after(async () => {
  await browser?.close();
  await site?.close();
  await srv?.stop();
  cleanup(tmp);
});

/** The URIs a media playlist names: its EXT-X-MAP (init.mp4) and its segments. */
function playlistURIs(text) {
  const out = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith('#EXT-X-MAP:')) out.push(/URI="([^"]+)"/.exec(line)[1]);
    else if (!line.startsWith('#')) out.push(line);
  }
  return out;
}

/** sha256 of every init and media segment of every video rendition the master lists, by path. */
async function videoSegmentHashes(master) {
  const out = new Map();
  const text = (await getBytes(master)).toString('utf8');
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue; // variants only: the video renditions
    const playlist = new URL(line, master);
    for (const u of playlistURIs((await getBytes(playlist.href)).toString('utf8'))) {
      const file = new URL(u, playlist);
      const name = file.pathname.slice(new URL('.', master).pathname.length);
      out.set(name, createHash('sha256').update(await getBytes(file.href)).digest('hex'));
    }
  }
  return out;
}

describe('added audio track', { skip }, () => {
  test('listed in the master and the player menu, picked through hls.js; video segments unchanged', async () => {
    const master = video.urls.hls;
    const before = await videoSegmentHashes(master);
    const kinds = [...before.keys()].map((k) => k.replace(/[^/]+$/, (f) => (f === 'init.mp4' ? f : f.endsWith('.m4s') ? '*.m4s' : f)));
    assert.ok(kinds.some((k) => k.endsWith('init.mp4')) && kinds.some((k) => k.endsWith('*.m4s')), `init and media segments hashed: ${[...before.keys()]}`);
    assert.ok(before.size >= 3, `hashed ${before.size} video files`);
    console.log(`# ${before.size} video files hashed: ${[...before.keys()].join(' ')}`);

    // the harness's client sends JSON or text; the track is bytes
    const res = await fetch(`${srv.base}/v1/videos/${video.id}/audio-tracks/en?label=Commentary&kind=dub`, {
      method: 'PUT', headers: { authorization: `Bearer ${srv.key}`, 'content-type': 'audio/mp4' }, body: readFileSync(join(media, 'commentary.m4a')),
    });
    const put = await res.json();
    assert.equal(res.status, 202, JSON.stringify(put));
    const added = put.audio_tracks.find((a) => a.added);
    assert.deepEqual({ language: added.language, label: added.label, kind: added.kind, state: added.state },
      { language: 'en', label: 'Commentary', kind: 'dub', state: 'processing' });
    const ready = await until(async () => {
      const x = await api.get('/v1/videos/' + video.id);
      const t = x.audio_tracks.find((a) => a.added);
      if (t?.state === 'errored') throw new Error('the track failed: ' + JSON.stringify(t));
      return t?.state === 'ready' && x;
    }, { timeout: 120000, what: 'the added track ready' });
    assert.equal(ready.audio_tracks.length, 3, JSON.stringify(ready.audio_tracks));

    const text = (await getBytes(master)).toString('utf8');
    const audioLines = text.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    assert.equal(audioLines.length, 3, text);
    console.log('# ' + audioLines.join('\n# '));
    const commentary = audioLines.find((l) => l.includes('NAME="Commentary"'));
    assert.ok(commentary, `the master lists the commentary:\n${text}`);
    assert.match(commentary, /LANGUAGE="en"/);
    assert.match(commentary, /DEFAULT=NO/);

    // the player: its audio track menu offers the commentary beside the source's English
    const page = await newPage(browser.context);
    const audioRequests = [];
    const dir = new URL(/URI="([^"?]+)/.exec(commentary)[1].replace(/[^/]+$/, ''), master).pathname;
    page.on('response', (r) => r.url().includes(dir) && /\.m4s(\?|$)/.test(r.url()) && audioRequests.push(r.status()));
    await page.goto(`${site.base}/pages/real.html`);
    await page.evaluate(async (embed) => {
      await customElements.whenDefined('reel-player');
      document.getElementById('root').innerHTML = `<reel-player embed="${embed}" loading="eager" muted
        controls="play time seek volume audiotracks fullscreen"></reel-player>`;
    }, video.embed);
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready', null, { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('reel-player').hls?.audioTracks?.length === 3, null, { timeout: 20000 });
    const hlsTracks = await page.evaluate(() => document.querySelector('reel-player').hls.audioTracks.map((t) => `${t.lang}:${t.name}`));
    const index = hlsTracks.indexOf('en:Commentary');
    assert.ok(index >= 0, `hls.js has the commentary: ${hlsTracks}`);
    await page.evaluate(() => document.querySelector('reel-player').play());
    await page.waitForFunction(() => document.querySelector('reel-player').currentTime > 0.5, null, { timeout: 20000 });

    // paused for the menu: the control bar stays up (it hides itself while playing)
    await page.evaluate(() => document.querySelector('reel-player').pause());
    const items = page.locator('media-audio-track-menu media-chrome-menu-item');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 640 : 900 });
      await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu-button').click());
      await page.waitForFunction(() => !document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu').hidden);
      await until(async () => (await items.count()) === 3, { timeout: 10000, what: 'three menu items' });
      const labels = (await items.allInnerTexts()).map((s) => s.trim());
      assert.deepEqual([...labels].sort(), ['English', 'English (Commentary)', 'Français']);
      assert.equal(labels[index], 'English (Commentary)', 'the menu follows hls.js\'s order');
      // every item is inside the viewport (the menu fits the narrow player too)
      for (const item of await items.all()) {
        const box = await item.boundingBox();
        assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width, `menu item inside ${width} px: ${JSON.stringify(box)}`);
        await until(() => item.evaluate((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })), { timeout: 5000, what: `item ${await item.innerText()} visible at ${width} px` });
      }
      await page.screenshot({ path: join(SHOTS, `audio-menu-${width}.png`) });
      if (width !== WIDTHS.at(-1)) {
        await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu-button').click());
        await page.waitForFunction(() => document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu').hidden);
      }
    }

    // the pick: hls.js switches to the commentary and loads its segments
    const seen = audioRequests.length;
    await items.filter({ hasText: 'Commentary' }).click();
    await page.evaluate(() => document.querySelector('reel-player').play());
    await page.waitForFunction((i) => {
      const p = document.querySelector('reel-player');
      return p.hls.audioTrack === i && Array.from(p.audioTracks).filter((t) => t.enabled).map((t) => t.id).join() === String(i);
    }, index, { timeout: 10000 });
    await until(() => audioRequests.length > seen, { timeout: 15000, what: 'a segment of the commentary loaded' });
    assert.ok(audioRequests.every((s) => s === 200), `audio segment statuses: ${audioRequests}`);
    const t0 = await page.evaluate(() => document.querySelector('reel-player').currentTime);
    await page.waitForFunction((t) => document.querySelector('reel-player').currentTime > t + 0.5, t0, { timeout: 10000 });
    assert.deepEqual(page.errors, []);
    await page.close();

    // every video segment is the same bytes
    const after = await videoSegmentHashes(master);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [name, hash] of before) assert.equal(after.get(name), hash, `${name} changed`);
  });
});
