// Run by orca-trial.sh: drives a headful Chromium (on Xvfb, Orca listening on
// AT-SPI) to the accessible board with Tab, over a few cells, plays d3 and
// tries a refused square; prints what the live region said.
import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: false,
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--force-renderer-accessibility',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
await page.goto(url);
await page.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
await page.waitForTimeout(3000);
for (let i = 0; i < 8; i++) {
  await page.keyboard.press('Tab');
  await page.waitForTimeout(400);
  if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')) break;
}
console.log('focused', await page.evaluate(() => document.activeElement?.textContent));
await page.waitForTimeout(1500);
await page.keyboard.press('ArrowRight'); await page.waitForTimeout(800);
await page.keyboard.press('ArrowLeft'); await page.waitForTimeout(800);
await page.keyboard.press('ArrowDown'); await page.waitForTimeout(800);
await page.keyboard.press('ArrowUp'); await page.waitForTimeout(800);
console.log('on', await page.evaluate(() => document.activeElement?.textContent));
await page.keyboard.press('Enter'); // d3
await page.waitForTimeout(5000);
await page.keyboard.press('Home'); await page.waitForTimeout(800);
await page.keyboard.press('Enter'); // a3: refused
await page.waitForTimeout(3000);
console.log('spoken', JSON.stringify(await page.evaluate(() => window.reversiAccess.spoken())));
await browser.close();
