// <reel-player> in Chromium against the mock server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMock, GOOD_TOKEN, EXPIRED_TOKEN } from './mock-server.mjs';
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

const P = (attrs = '', inner = '') => `<reel-player embed="spc01public0001" loading="eager" ${attrs}>${inner}</reel-player>`;

async function waitPlaying(page, sel = 'reel-player', min = 1) {
  await page.waitForFunction(
    ([s, m]) => {
      const p = document.querySelector(s);
      return p && !p.paused && p.currentTime > m;
    },
    [sel, min],
    { timeout: 20000 },
  );
}

describe('reel-player', () => {
  test('plays adaptive HLS, shows subtitles and switches audio track', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, P('muted active-subtitle="en" controls="play time seek volume subtitles audiotracks rate pip fullscreen"'));
    const events = await page.evaluate(() => {
      window.__ev = [];
      const p = document.querySelector('reel-player');
      for (const t of ['loadedmetadata', 'play', 'playing', 'timeupdate', 'pause', 'audiotrackchange', 'reel-load']) p.addEventListener(t, () => window.__ev.push(t));
      return true;
    });
    assert.ok(events);
    const started = Date.now();
    await page.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(page, 'reel-player', 1.5);
    const startup = Date.now() - started;
    const st = await page.evaluate(() => {
      const p = document.querySelector('reel-player');
      const tracks = Array.from(p.textTracks).map((t) => `${t.kind}:${t.language}:${t.mode}`);
      return {
        usesHls: !!p.hls,
        nativeHls: p.media.canPlayType('application/vnd.apple.mpegurl'),
        tracks,
        audio: Array.from(p.audioTracks).map((t) => `${t.language}:${t.enabled}`),
        ev: [...new Set(window.__ev)],
        width: p.media.videoWidth,
      };
    });
    console.log('# player state', JSON.stringify(st), `startup ${startup} ms`);
    assert.ok(st.ev.includes('playing') && st.ev.includes('timeupdate') && st.ev.includes('loadedmetadata'), 'media events re-dispatched');
    // exactly one subtitle track per language (none duplicated by hls.js), en showing
    assert.deepEqual(st.tracks.filter((t) => t.startsWith('subtitles')).sort(), ['subtitles:en:showing', 'subtitles:fr:disabled']);
    assert.ok(st.tracks.includes('metadata::hidden') || st.tracks.some((t) => t.startsWith('metadata')), 'storyboard track');
    assert.deepEqual(st.audio, ['en:true', 'fr:false']);
    await shot(page, 'player-playing');

    // switch subtitles through the attribute and audio through the menu UI
    await page.evaluate(() => document.querySelector('reel-player').setAttribute('active-subtitle', 'fr'));
    await page.waitForFunction(() => document.querySelector('reel-player').subtitleTrack === 'fr');

    const root = await page.evaluateHandle(() => document.querySelector('reel-player').shadowRoot);
    await page.evaluate((r) => r.querySelector('media-audio-track-menu-button').click(), root);
    await page.waitForFunction((r) => !r.querySelector('media-audio-track-menu').hidden, root);
    await shot(page, 'player-audio-menu');
    const items = await page.evaluate(
      (r) => Array.from(r.querySelector('media-audio-track-menu').shadowRoot.querySelectorAll('media-chrome-menu-item')).map((i) => i.textContent.trim()),
      root,
    );
    assert.deepEqual(items, ['English', 'Français']);
    await page.locator('media-audio-track-menu media-chrome-menu-item', { hasText: 'Français' }).click();
    await page.waitForFunction(() => document.querySelector('reel-player').audioTrack === 'fr', null, { timeout: 10000 });
    const t0 = await page.evaluate(() => document.querySelector('reel-player').currentTime);
    await page.waitForFunction((t) => document.querySelector('reel-player').currentTime > t + 1, t0, { timeout: 10000 });
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').hls?.audioTrack), 1);
    assert.ok((await page.evaluate(() => window.__ev)).includes('audiotrackchange'));
    await shot(page, 'player-french');

    // the API: pause
    await page.evaluate(() => document.querySelector('reel-player').pause());
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').paused), true);
    assert.deepEqual(await page.evaluate(() => window.__storage), [], 'no cookies or storage');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('two codecs: the most efficient one the browser decodes smoothly (AV1 here); codecs="h264" forces H.264', async () => {
    for (const [attrs, want, other] of [['', 'av1_', 'h264_'], ['codecs="h264"', 'h264_', 'av1_']]) {
      const page = await newPage(browser.context);
      const media = [];
      page.on('request', (r) => {
        const m = /\/media\/[^/]+\/vidcodecs001\/(\w+)\/\d+\.m4s/.exec(r.url());
        if (m) media.push(m[1]);
      });
      await mount(page, mock.base, `<reel-player embed="spc01codecs0001" loading="eager" muted ${attrs}></reel-player>`);
      await page.evaluate(() => document.querySelector('reel-player').play());
      await waitPlaying(page, 'reel-player', 2.5);
      const st = await page.evaluate(() => {
        const p = document.querySelector('reel-player');
        return {
          levels: p.hls.levels.map((l) => l.videoCodec),
          offered: Array.from(p.media.videoRenditions).map((r) => `${r.width}x${r.height}`),
          decoded: p.media.getVideoPlaybackQuality().totalVideoFrames,
        };
      });
      const video = media.filter((n) => !n.startsWith('audio') && n !== 'en');
      console.log(`# codecs ${attrs || '(auto)'}: segments of ${[...new Set(video)]}, levels ${st.levels}, menu ${st.offered}`);
      assert.ok(video.length > 0 && video.every((n) => n.startsWith(want)), `${attrs || 'auto'}: segments of ${video}, want ${want}*`);
      assert.ok(!video.some((n) => n.startsWith(other)), `no ${other} segment fetched`);
      assert.ok(st.decoded > 25, `pictures decoded: ${st.decoded}`);
      // The quality menu offers the played codec's rungs once each, not both codecs'.
      assert.deepEqual(st.offered.sort(), ['1280x720', '640x360']);
      await page.close();
    }
  });

  test('shows the end screen when the video ends; metrics are reported', async () => {
    await fetch(mock.base + '/__mock/reset', { method: 'POST' });
    const page = await newPage(browser.context);
    await mount(page, mock.base, P('muted', '<div slot="end-screen" id="end">Thanks for watching</div>'));
    await page.evaluate(async () => {
      const p = document.querySelector('reel-player');
      await p.play();
    });
    await waitPlaying(page, 'reel-player', 0.5);
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('.end').hidden), true);
    await page.evaluate(() => (document.querySelector('reel-player').currentTime = 10.5));
    await page.waitForFunction(() => document.querySelector('reel-player').ended, null, { timeout: 15000 });
    await page.waitForFunction(() => !document.querySelector('reel-player').shadowRoot.querySelector('.end').hidden);
    assert.ok(await page.evaluate(() => document.getElementById('end').checkVisibility()));
    await shot(page, 'player-end-screen');
    // pagehide flushes the metrics with sendBeacon
    await page.goto('about:blank');
    let types = [];
    for (let i = 0; i < 40 && !types.includes('ended'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      types = mock.state.events.map((e) => e.type);
    }
    console.log('# metrics', [...new Set(types)].join(' '));
    for (const t of ['view', 'play', 'seeked', 'ended', 'heartbeat']) assert.ok(types.includes(t), `metrics event ${t}`);
    const ev = mock.state.events.find((e) => e.type === 'play');
    assert.equal(ev.embed, 'spc01public0001');
    assert.match(ev.session, /^[0-9a-f-]{36}$/);
    assert.ok(ev.t > 1.7e12 && typeof ev.position === 'number');
    assert.ok(mock.state.events.some((e) => e.type === 'startup' && typeof e.ms === 'number'), 'startup time reported');
    const seek = mock.state.events.find((e) => e.type === 'seeked');
    assert.ok(seek.from < seek.to && Math.abs(seek.to - 10.5) < 0.5, 'seeked carries from and to: ' + JSON.stringify(seek));
    for (const e of mock.state.events.filter((x) => x.type === 'heartbeat')) assert.ok(e.to >= e.from, 'heartbeat from/to');
    await page.close();
  });

  test('signed video: error without a token, plays with one; expired token explained', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, '<reel-player embed="spc01signed0001" loading="eager" muted></reel-player>');
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'error');
    const msg = await page.evaluate(() => {
      const p = document.querySelector('reel-player');
      return { code: p.errorCode, text: p.shadowRoot.querySelector('[part=message]').textContent.trim(), role: p.shadowRoot.querySelector('[part=message]').getAttribute('role') };
    });
    assert.equal(msg.code, 'token_invalid');
    assert.match(msg.text, /token/i);
    assert.equal(msg.role, 'alert');
    await shot(page, 'player-signed-no-token');

    await page.evaluate((t) => document.querySelector('reel-player').setAttribute('token', t), EXPIRED_TOKEN);
    await page.waitForFunction(() => document.querySelector('reel-player').errorCode === 'token_expired');
    assert.match(await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('[part=message]').textContent), /expired/);

    await page.evaluate((t) => document.querySelector('reel-player').setAttribute('token', t), GOOD_TOKEN);
    await page.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(page, 'reel-player', 1);
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('[part=message]').hidden), true);
    // every media request carried the token
    const media = mock.state.requests.filter((r) => r.includes('/media/spc01/vidsigned001/') && !r.startsWith('OPTIONS'));
    assert.ok(media.length > 5);
    const bare = media.filter((r) => !r.includes('token=good-token'));
    assert.deepEqual(bare, []);
    await shot(page, 'player-signed-playing');
    await page.close();
  });

  test('archived and missing videos, processing then playable', async () => {
    await fetch(mock.base + '/__mock/reset', { method: 'POST' });
    const page = await newPage(browser.context);
    await mount(
      page,
      mock.base,
      `<reel-player id="a" embed="spc01archive001" loading="eager"></reel-player>
       <reel-player id="m" embed="spc01nothing001" loading="eager"></reel-player>
       <reel-player id="p" embed="spc01process001" loading="eager" muted></reel-player>`,
    );
    await page.waitForFunction(() => document.getElementById('a').state === 'error' && document.getElementById('m').state === 'error');
    for (const id of ['a', 'm']) {
      const t = await page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('[part=message]').textContent, id);
      assert.match(t, /not available/);
    }
    await page.waitForFunction(() => document.getElementById('p').state === 'processing');
    assert.match(await page.evaluate(() => document.getElementById('p').shadowRoot.querySelector('[part=message]').textContent), /processing/);
    await shot(page, 'player-processing');
    await page.waitForFunction(() => document.getElementById('p').state === 'ready', null, { timeout: 10000 });
    await page.evaluate(() => document.getElementById('p').play());
    await waitPlaying(page, '#p', 0.5);
    assert.equal(mock.state.lookups.spc01process001, 3);
    await page.close();
  });

  // hls.js reports the 404; native HLS (Safari's path, which Chromium has
  // had since 141) reports a bare media error with no status.
  for (const [how, attrs] of [['hls.js', ''], ['native HLS', ' prefer-playback="native"']]) {
    test(`a new asset version under the player (${how}): the old files fail, one fresh lookup, playback goes on`, async () => {
      // What happens when the ladder replaces the early remux (or a revision
      // is published) while a viewer has the old master playlist: its
      // playlists and segments are gone.
      await fetch(mock.base + '/__mock/reset', { method: 'POST' });
      await fetch(mock.base + '/__mock/republish?id=vidsecond001', { method: 'POST' });
      const page = await newPage(browser.context);
      await mount(page, mock.base, P('muted autoplay' + attrs).replace('spc01public0001', 'spc01second0001'));
      await waitPlaying(page, 'reel-player', 1);
      const st = await page.evaluate(() => ({ state: document.querySelector('reel-player').state, hls: !!document.querySelector('reel-player').hls }));
      assert.deepEqual(st, { state: 'ready', hls: how === 'hls.js' });
      const requests = mock.state.requests.filter((r) => r.includes('/vidsecond001/') && r.includes('playlist.m3u8'));
      assert.ok(requests.some((r) => /h264_\w+\/playlist\.m3u8\?v=1$/.test(r)), `the old version's media playlist was asked for: ${requests}`);
      assert.ok(requests.some((r) => /h264_\w+\/playlist\.m3u8\?v=2$/.test(r)), `the new version's media playlist was asked for: ${requests}`);
      // The fresh lookup names the new version's master, as the server's does.
      assert.ok(requests.some((r) => /vidsecond001\/playlist\.m3u8\?v=2$/.test(r)), `the lookup's new master was loaded: ${requests}`);
      assert.equal(mock.state.lookups.spc01second0001, 2, 'one lookup, then one fresh lookup after the failure');
      assert.deepEqual(page.errors.filter((e) => !e.includes('404')), [], "no error but the old version's 404s");
      await page.close();
    });
  }

  test('lazy: no request until near the viewport; theme, color and start', async () => {
    await fetch(mock.base + '/__mock/reset', { method: 'POST' });
    const page = await newPage(browser.context);
    await mount(
      page,
      mock.base,
      `<div style="height:3000px"></div>
       <reel-player id="far" embed="spc01second0001" muted theme="/pages/theme.js" start="4" color="rgb(0, 200, 0)" poster="3"></reel-player>`,
    );
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(mock.state.requests.filter((r) => r.includes('/v1/embeds/')).length, 0, 'nothing fetched off screen');
    await page.evaluate(() => document.getElementById('far').scrollIntoView());
    await page.waitForFunction(() => document.getElementById('far').state === 'ready');
    assert.equal(await page.evaluate(() => document.getElementById('far').dataset.themed), 'yes');
    const poster = await page.evaluate(() => document.getElementById('far').shadowRoot.querySelector('media-poster-image').getAttribute('src'));
    assert.match(poster, /\/images\/spc01second0001\.jpg\?time=3&width=\d+/);
    await page.evaluate(() => document.getElementById('far').play());
    await page.waitForFunction(() => document.getElementById('far').currentTime >= 4.2, null, { timeout: 15000 });
    await shot(page, 'player-theme');
    await page.close();
  });

  test('keyboard: space toggles playback from the focused controls', async () => {
    const page = await newPage(browser.context);
    await mount(page, mock.base, P('muted'));
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready');
    // The button acts only once media-chrome has wired it to the media (it
    // then mirrors the paused state); under load that can lag "ready".
    await page.waitForFunction(() => document.querySelector('reel-player').shadowRoot.querySelector('media-play-button')?.hasAttribute('mediapaused'), null, { timeout: 15000 });
    await page.focus('reel-player >> media-play-button');
    await page.keyboard.press('Space');
    await waitPlaying(page, 'reel-player', 0.3);
    const label = await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('media-play-button').getAttribute('aria-label'));
    assert.match(label, /pause/i);
    await page.keyboard.press('k');
    await page.waitForFunction(() => document.querySelector('reel-player').paused);
    await page.close();
  });

  test('keyboard: Shift+? fetches and opens the shortcuts dialog', async () => {
    // reel.js holds only a stub of the dialog's module; the menus chunk has
    // the dialog, and these controls need no menu, so the first "?" fetches it.
    const page = await newPage(browser.context);
    await mount(page, mock.base, P('muted controls="play seek"'));
    await page.waitForFunction(() => document.querySelector('reel-player').shadowRoot.querySelector('media-play-button')?.hasAttribute('mediapaused'), null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => !!customElements.get('media-keyboard-shortcuts-dialog')), false, 'the dialog is not in reel.js');
    await page.focus('reel-player >> media-play-button');
    await page.keyboard.press('Shift+?');
    await page.waitForFunction(() => {
      const d = document.querySelector('reel-player').shadowRoot.querySelector('media-keyboard-shortcuts-dialog');
      return d && d.open && d.hasAttribute('open') && d.shadowRoot?.textContent.includes('Toggle');
    }, null, { timeout: 10000 });
    await page.close();
  });
});
