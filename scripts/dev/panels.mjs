// Developer aid: screenshots of the dialogs at phone and desktop sizes.
// usage: node scripts/dev/panels.mjs [query] control [control...]  (presses controls in order)
import { startServer, launchBrowser, openPage, waitForApp, screenshot, state, phone, desktop, distDir } from '../../tests/browser/harness.mjs';

const query = process.argv[2] || '?nosw';
const controls = process.argv.slice(3);
const server = await startServer(distDir);
const browser = await launchBrowser();
async function press(page, name, touch) {
  for (let i = 0; i < 50; i++) {
    const s = await state(page);
    const c = s.controls && s.controls[name];
    if (c && c.enabled) {
      const x = c.x + c.w / 2, y = c.y + c.h / 2;
      if (touch) await page.touchscreen.tap(x, y); else await page.mouse.click(x, y);
      await page.waitForTimeout(300);
      return;
    }
    await page.waitForTimeout(100);
  }
  const s = await state(page);
  throw new Error(`no control ${name}; panel ${s.panel}; controls ${Object.keys(s.controls).join("|")}`);
}
try {
  for (const [name, options] of [['phone', phone], ['desktop', desktop]]) {
    const { page, log } = await openPage(browser, server.url + query, options);
    await waitForApp(page);
    for (const control of controls) await press(page, control, !!options.hasTouch);
    await page.waitForTimeout(600);
    await screenshot(page, `panel-${name}`);
    const s = await state(page);
    console.log(name, JSON.stringify({ panel: s.panel, notice: s.notice, phase: s.phase }));
    for (const line of [...log.console, ...log.pageErrors]) console.log('  log:', line);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
