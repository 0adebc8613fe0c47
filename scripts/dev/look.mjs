// Developer aid: open the built bundle at phone and desktop sizes, optionally
// play some squares, and save screenshots to artifacts/screenshots/look-*.png.
// usage: node scripts/dev/look.mjs [query] [squares...]
import { startServer, launchBrowser, openPage, waitForApp, screenshot, tapSquare, state, phone, desktop, distDir } from '../../tests/browser/harness.mjs';

const query = process.argv[2] || '?nosw';
const squares = process.argv.slice(3);
const server = await startServer(distDir);
const browser = await launchBrowser();
try {
  for (const [name, options] of [['phone', phone], ['desktop', desktop]]) {
    const { page, log } = await openPage(browser, server.url + query, options);
    await waitForApp(page);
    for (const square of squares) {
      await tapSquare(page, square);
      await page.waitForTimeout(1500);
    }
    await page.waitForTimeout(800);
    await screenshot(page, `look-${name}`);
    const s = await state(page);
    console.log(name, JSON.stringify({ board: s.board, notice: s.notice, phase: s.phase, frames: s.frames, counts: s.counts }));
    for (const line of [...log.console, ...log.pageErrors]) console.log("  log:", line);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
