// Each framework example builds with npm and renders a playing <reel-player>.
// Needs the examples' node_modules: `npm run examples:ci` in components/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMock } from './mock-server.mjs';
import { launch, newPage, shot } from './browser.mjs';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
let mock, browser;
before(async () => {
  mock = await startMock();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await mock?.close();
});

describe('examples', () => {
  for (const fw of ['html', 'react', 'vue', 'svelte']) {
    test(`${fw} example renders a playing player`, async (t) => {
      const dir = EXAMPLES + fw;
      if (fw !== 'html') {
        if (!existsSync(dir + '/node_modules')) {
          execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
        }
        execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'pipe' });
      }
      const page = await newPage(browser.context);
      await page.goto(`${mock.base}/examples/${fw}/`);
      await page.waitForFunction(() => document.querySelector('reel-player')?.state === 'ready', null, { timeout: 20000 });
      await page.evaluate(() => document.querySelector('reel-player').play());
      await page.waitForFunction(() => {
        const p = document.querySelector('reel-player');
        return !p.paused && p.currentTime > 0.5;
      }, null, { timeout: 20000 });
      // the transcript next to it is linked
      await page.waitForFunction(() => document.querySelector('reel-text')?.cues?.length > 0);
      await shot(page, `example-${fw}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
});
