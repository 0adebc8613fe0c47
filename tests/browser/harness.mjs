// The browser tests' helpers, one module per concern (lib/), gathered here so
// a test imports what it needs from one place:
//   lib/server.mjs       serving a bundle folder on a free port
//   lib/browser.mjs      headless Chromium, phone and desktop contexts, screenshots
//   lib/input.mjs        the one tap helper (touch or mouse), squares and rects
//   lib/app.mjs          the app's state hook: waits, panels, controls, a test suite
//   lib/rules.mjs        the tests' own rules engine (independent of the app's)
//   lib/random.mjs       the one seeded random generator
//   lib/play.mjs         whole games played by tapping, checked move by move
//   lib/storage.mjs      the app's IndexedDB documents
//   lib/png.mjs          reading screenshots
//   lib/fake-bundle.mjs  a bundle around the fake app fixture
export * from './lib/server.mjs';
export * from './lib/browser.mjs';
export * from './lib/input.mjs';
export * from './lib/app.mjs';
export * from './lib/rules.mjs';
export * from './lib/random.mjs';
export * from './lib/play.mjs';
export * from './lib/storage.mjs';
export * from './lib/png.mjs';
export * from './lib/fake-bundle.mjs';
