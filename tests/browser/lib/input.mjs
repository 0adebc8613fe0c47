// The tests' one way to tap: a touch tap on pages of touch contexts (or
// where the pointer is coarse), a mouse click elsewhere, at CSS pixels of the
// top-level page. Everything that taps (a square, a button, a point inside
// an iframe) goes through tapPoint.
const touchPages = new WeakSet();

/** Records that `page` belongs to a touch context (openPage does it). */
export function markTouch(page) {
  touchPages.add(page);
}

/** Taps (touch) or clicks CSS point (x, y) of `page`. */
export async function tapPoint(page, x, y) {
  const touch = touchPages.has(page) || await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  return { x, y };
}

/** Offset of a Frame's viewport within the page (0,0 for the page itself). */
export async function frameOffset(target) {
  if (typeof target.parentFrame !== 'function' || !target.parentFrame()) return { x: 0, y: 0 };
  const element = await target.frameElement();
  const box = await element.boundingBox();
  const border = await element.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { x: parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft), y: parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop) };
  });
  const parent = await frameOffset(target.parentFrame());
  return { x: parent.x + box.x + border.x, y: parent.y + box.y + border.y };
}

/**
 * Taps the centre of a rect given in `target`'s CSS pixels (target: the Page
 * or a Frame of it; page: the top-level Page that receives the input).
 */
export async function tapRect(page, target, rect) {
  const off = await frameOffset(target);
  return tapPoint(page, off.x + rect.x + rect.w / 2, off.y + rect.y + rect.h / 2);
}

/** Taps a square of the app in `target` (the page, or a Frame of it), e.g. tapSquareIn(page, frame, 'd3'). */
export async function tapSquareIn(page, target, name) {
  const s = await target.evaluate(() => window.reversi.state());
  const r = s.squares && s.squares[name];
  if (!r) throw new Error(`state().squares has no square ${name}`);
  return tapRect(page, target, r);
}

/** Taps a square of the app in `page`, e.g. "d3". */
export async function tapSquare(page, name) {
  return tapSquareIn(page, page, name);
}

/**
 * Swipes a finger from (x, y0) to (x, y1) on `page` in CSS pixels, through
 * CDP touch events (as a phone sends them): `steps` moves spread over `ms`
 * milliseconds, then the finger lifts. A quick swipe leaves momentum.
 */
export async function swipe(page, x, y0, y1, { steps = 12, ms = 240 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
    for (let i = 1; i <= steps; i++) {
      await new Promise((resolve) => setTimeout(resolve, ms / steps));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / steps }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach().catch(() => {});
  }
}
