// The app's IndexedDB documents, read and written from a test.
import { pollUntil } from './app.mjs';

/** Reads one value of the 'reversi' IndexedDB database ('documents' store); undefined when absent. */
export async function idbGet(target, key) {
  return target.evaluate((k) => new Promise((resolve, reject) => {
    const open = indexedDB.open('reversi', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('documents');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const req = db.transaction('documents', 'readonly').objectStore('documents').get(k);
      req.onsuccess = () => { db.close(); resolve(req.result === undefined ? { absent: true } : { value: req.result }); };
      req.onerror = () => { db.close(); reject(req.error); };
    };
  }), key).then((r) => (r.absent ? undefined : r.value));
}

/** Writes values into the 'documents' store: idbPut(page, { settings: '…', record: '…' }). */
export async function idbPut(target, entries) {
  return target.evaluate((e) => new Promise((resolve, reject) => {
    const open = indexedDB.open('reversi', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('documents');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('documents', 'readwrite');
      for (const [k, v] of Object.entries(e)) tx.objectStore('documents').put(v, k);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => { db.close(); reject(tx.error); };
      tx.onabort = () => { db.close(); reject(tx.error); };
    };
  }), entries);
}


/**
 * The text of the game in progress that this tab keeps (under game:<tab id>:
 * each tab saves its own game, see src/app/js/library_storage.js);
 * undefined when it has none.
 */
export async function idbGame(target) {
  const tab = await target.evaluate(() => window.__reversiTab);
  if (!tab) return undefined;
  const entry = await idbGet(target, `game:${tab}`);
  return entry && typeof entry === 'object' ? entry.text : entry;
}

/**
 * Waits until the document `key` ('game': this tab's game in progress)
 * satisfies check(value): the app has written it. Returns the value.
 */
export async function waitForStored(target, key, check, { timeout = 10000, message = `stored ${key}` } = {}) {
  const read = () => (key === 'game' ? idbGame(target) : idbGet(target, key));
  return pollUntil(read, check, { timeout, message, every: 100 });
}
