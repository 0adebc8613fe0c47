// The documents in IndexedDB for src/app/platform_web.cpp (see
// library_reversi.js for how text crosses to C++). "current", the game in
// progress, is kept per tab: each tab saves its own under game:<tab id>, so
// two tabs never overwrite each other's game. A tab's id survives its
// reloads (sessionStorage) and is held as a Web Lock while the tab is open;
// a new tab carries on the newest game that no open tab holds (the one left
// in a closed tab).
'use strict';

mergeInto(LibraryManager.library, {
  $ReversiStorage__deps: ['$ReversiPage'],
  $ReversiStorage: {
    // Larger documents are refused here with a message (UTF-8 bytes).
    maxDocument: 256 * 1024,
    reason: function (error) {
      return error && (error.name || error.message) ? String(error.name || error.message) : 'storage unavailable';
    },
    // This tab's id, once it holds its lock (see the top of this file).
    tabPromise: null,
    claimTab: function () {
      if (ReversiStorage.tabPromise) return ReversiStorage.tabPromise;
      const fresh = function () { return Math.random().toString(36).slice(2, 10) + Date.now().toString(36); };
      let id = null;
      try { id = sessionStorage.getItem('reversi-tab'); } catch (e) { id = null; }
      const locks = navigator.locks;
      // Resolves 'held' when this tab now holds the lock, which it keeps while
      // it is open, 'taken' when another tab holds it, and 'unavailable' when
      // locks cannot be used here (storage blocked, say): then there is only
      // this tab to think of.
      const hold = function (name) {
        return new Promise(function (resolve) {
          try {
            locks.request(name, { ifAvailable: true }, function (lock) {
              resolve(lock ? 'held' : 'taken');
              return lock ? new Promise(function () {}) : null;
            }).catch(function () { resolve('unavailable'); });
          } catch (e) {
            resolve('unavailable');
          }
        });
      };
      const settle = function (claimed) {
        try { sessionStorage.setItem('reversi-tab', claimed); } catch (e) { /* no session storage: one id per load */ }
        window.__reversiTab = claimed;
        return claimed;
      };
      // A new tab, or a duplicate of one (which copies sessionStorage), takes
      // a new id; a few tries, since a new random id is all but never taken.
      const claimFresh = function (tries) {
        const candidate = fresh();
        return hold('reversi-tab:' + candidate).then(function (answer) {
          return answer === 'taken' && tries > 1 ? claimFresh(tries - 1) : candidate;
        });
      };
      if (!locks) ReversiStorage.tabPromise = Promise.resolve(settle(id || fresh()));
      else if (!id) ReversiStorage.tabPromise = claimFresh(8).then(settle);
      else {
        ReversiStorage.tabPromise = hold('reversi-tab:' + id).then(function (answer) {
          return answer === 'taken' ? claimFresh(8) : id;
        }).then(settle);
      }
      return ReversiStorage.tabPromise;
    },
    // This tab's game: its own, or the newest no open tab holds, which it
    // takes over (older builds' single "current" counts as such a game).
    // At most eight games are kept; older unheld ones are removed.
    claimGame: function () {
      const heldTabs = function () {
        if (!navigator.locks || !navigator.locks.query) return Promise.resolve(new Set());
        return Promise.resolve().then(function () { return navigator.locks.query(); }).then(function (state) {
          const held = new Set();
          (state.held || []).forEach(function (lock) {
            if (lock.name.indexOf('reversi-tab:') === 0) held.add(lock.name.slice('reversi-tab:'.length));
          });
          return held;
        }, function () { return new Set(); });
      };
      return Promise.all([ReversiStorage.claimTab(), heldTabs(), ReversiStorage.openDatabase()]).then(function (ready) {
        return ReversiStorage.takeGame(ready[0], ready[1], ready[2]);
      });
    },
    takeGame: function (tab, held, db) {
      return new Promise(function (resolve, reject) {
        const transaction = db.transaction('documents', 'readwrite');
        const documents = transaction.objectStore('documents');
        const games = [];
        let mine;
        documents.openCursor().onsuccess = function (event) {
          const cursor = event.target.result;
          if (cursor) {
            const key = String(cursor.key);
            const value = cursor.value;
            if (key === 'game:' + tab) mine = value;
            else if (key.indexOf('game:') === 0 && !held.has(key.slice(5))) games.push({ key: key, value: value });
            else if (key === 'current') games.push({ key: key, value: { text: value, savedAt: 0 } });
            cursor.continue();
            return;
          }
          const savedAt = function (game) { return game.value && typeof game.value.savedAt === 'number' ? game.value.savedAt : 0; };
          games.sort(function (a, b) { return savedAt(b) - savedAt(a); });
          if (mine === undefined && games.length) {
            const adopted = games.shift();
            mine = adopted.value;
            documents.put(mine, 'game:' + tab);
            documents.delete(adopted.key);
          }
          games.slice(7).forEach(function (old) { documents.delete(old.key); });
          transaction.oncomplete = function () {
            resolve(mine && typeof mine === 'object' && 'text' in mine ? mine : mine === undefined ? undefined : { text: mine });
          };
        };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    },
    // The connection web/shell.js opened while the app downloaded (it keeps it).
    openDatabase: function () { return window.reversiShell.openDatabase(); },
    // One readwrite transaction on the documents store once `open()` (a
    // promise of [db, ...]) resolves: `fill(store, values)` makes the
    // requests, and the answer goes back to C++ as _reversi_storage_saved (an
    // empty reason when it committed, else why not).
    writeDocuments: function (request, open, fill) {
      const done = function (error) { ReversiPage.callWithTexts('_reversi_storage_saved', [error], [request]); };
      try {
        open().then(function (values) {
          const transaction = values[0].transaction('documents', 'readwrite');
          fill(transaction.objectStore('documents'), values);
          transaction.oncomplete = function () { done(''); };
          transaction.onerror = function () { done(ReversiStorage.reason(transaction.error)); };
          transaction.onabort = function () { done(ReversiStorage.reason(transaction.error)); };
        }).catch(function (e) { done(ReversiStorage.reason(e)); });
      } catch (e) {
        done(ReversiStorage.reason(e));
      }
    },
  },

  reversi_js_storage_load__deps: ['$ReversiPage', '$ReversiStorage'],
  reversi_js_storage_load: function (request, keyPointer) {
    const key = ReversiPage.text(keyPointer, -1);
    // `oversize`: the stored text's size when it is too large to read.
    const answer = function (found, text, error, oversize) {
      ReversiPage.callWithTexts('_reversi_storage_loaded', [text, error], [request, found ? 1 : 0, oversize || 0]);
    };
    const give = function (value) {
      if (value === undefined) return answer(false, '', '');
      let text;
      try { text = typeof value === 'string' ? value : JSON.stringify(value); } catch (e) { text = null; }
      if (typeof text !== 'string') return answer(true, '', '');  // a value JSON cannot hold: unreadable
      const size = lengthBytesUTF8(text);
      // Too large to be ours: reported as unreadable and left where it is.
      if (size > ReversiStorage.maxDocument) return answer(true, '', '', size);
      answer(true, text, '');
    };
    const fail = function (e) { answer(false, '', ReversiStorage.reason(e)); };
    try {
      if (key === 'current') {
        ReversiStorage.claimGame().then(function (entry) { give(entry === undefined ? undefined : entry.text); }, fail);
        return;
      }
      ReversiStorage.openDatabase().then(function (db) {
        const read = db.transaction('documents', 'readonly').objectStore('documents').get(key);
        read.onsuccess = function () { give(read.result); };
        read.onerror = function () { fail(read.error); };
      }).catch(fail);
    } catch (e) {
      fail(e);
    }
  },

  reversi_js_storage_save__deps: ['$ReversiPage', '$ReversiStorage'],
  reversi_js_storage_save: function (request, keyPointer, textPointer, textLength) {
    const key = ReversiPage.text(keyPointer, -1);
    const text = ReversiPage.text(textPointer, textLength);
    const open = function () {
      return Promise.all([ReversiStorage.openDatabase(), key === 'current' ? ReversiStorage.claimTab() : null]);
    };
    ReversiStorage.writeDocuments(request, open, function (documents, values) {
      if (key === 'current') documents.put({ text: text, savedAt: Date.now() }, 'game:' + values[1]);
      else documents.put(text, key);
    });
  },

  // Reads, changes (in C++) and writes one document in a single readwrite
  // transaction: IndexedDB runs such transactions one at a time across tabs.
  reversi_js_storage_update__deps: ['$ReversiPage', '$ReversiStorage'],
  reversi_js_storage_update: function (request, keyPointer) {
    const key = ReversiPage.text(keyPointer, -1);
    const open = function () { return Promise.all([ReversiStorage.openDatabase()]); };
    ReversiStorage.writeDocuments(request, open, function (documents) {
      const read = documents.get(key);
      read.onsuccess = function () {
        const value = read.result;
        const text = typeof value === 'string' && lengthBytesUTF8(value) <= ReversiStorage.maxDocument ? value : '';
        const length = ReversiPage.callWithTexts('_reversi_storage_change', [text],
          [request, value === undefined ? 0 : 1]);
        if (length >= 0) documents.put(UTF8ToString(Module._reversi_storage_changed_text(), length), key);
      };
    });
  },
});
