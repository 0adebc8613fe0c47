// Run by orca-trial.sh: drives a headful Chromium (on Xvfb, Orca listening on
// AT-SPI) to the accessible board with Tab, over a few cells, plays d3 and
// tries a refused square; prints what the live region said.
import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: false,
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--force-renderer-accessibility',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
// Orca speaks in real time, outside the page: these pauses give it the time
// to say each thing before the next key (a listener's pace, not a wait on the
// page, which has nothing to show for Orca's speech). Not part of the suite.
const SPEAK_MS = { start: 3000, key: 800, tab: 400, focus: 1500, move: 5000, refused: 3000 };
const letOrcaSpeak = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
await page.goto(url);
await page.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
await letOrcaSpeak(SPEAK_MS.start);
for (let i = 0; i < 8; i++) {
  await page.keyboard.press('Tab');
  await letOrcaSpeak(SPEAK_MS.tab);
  if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')) break;
}
console.log('focused', await page.evaluate(() => document.activeElement?.textContent));
await letOrcaSpeak(SPEAK_MS.focus);
await page.keyboard.press('ArrowRight'); await letOrcaSpeak(SPEAK_MS.key);
await page.keyboard.press('ArrowLeft'); await letOrcaSpeak(SPEAK_MS.key);
await page.keyboard.press('ArrowDown'); await letOrcaSpeak(SPEAK_MS.key);
await page.keyboard.press('ArrowUp'); await letOrcaSpeak(SPEAK_MS.key);
console.log('on', await page.evaluate(() => document.activeElement?.textContent));
await page.keyboard.press('Enter'); // d3
await page.waitForFunction(() => window.reversi.state().transcript.length >= 2, null, { timeout: 60000 }); // played
await letOrcaSpeak(SPEAK_MS.move);
await page.keyboard.press('Home'); await letOrcaSpeak(SPEAK_MS.key);
await page.keyboard.press('Enter'); // a3: refused
await letOrcaSpeak(SPEAK_MS.refused);
console.log('spoken', JSON.stringify(await page.evaluate(() => window.reversiAccess.spoken())));
await browser.close();
