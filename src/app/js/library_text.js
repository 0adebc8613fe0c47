// The page side of src/app/text_painter_web.cpp, linked into reversi.js with
// --js-library: text in any script painted by the browser (a 2D canvas's
// fillText, shaped by its HarfBuzz, right to left where the text is) into a
// WebGL texture that ImGui draws as an image (docs/architecture.md, "Text in
// any script"). The fonts are the family "Reversi Text": the app's own atlas
// fonts for Latin (already in memory), and for every other script the files
// tools/text_fonts.py cut, each declared with its unicode-range, so the
// browser fetches only what a text needs. A text whose font is still on its
// way is painted blank in the box it will take, and again once it arrives.
/* global GL, GLctx, FS, HEAPF32, HEAPU32, ReversiFaces, ReversiText */
'use strict';

mergeInto(LibraryManager.library, {
  $ReversiText__deps: ['$ReversiFaces'],
  $ReversiText: {
    family: '"Reversi Text", "Noto Color Emoji", sans-serif',
    declared: false,
    generation: 0,
    canvas: null,
    context: null,
    segmenter: null,
    // The faces, made once, on the first text painted.
    declare: function () {
      if (ReversiText.declared) return;
      ReversiText.declared = true;
      const add = function (source, weight, range) {
        try {
          document.fonts.add(new FontFace('Reversi Text', source, { weight: weight, unicodeRange: range }));
        } catch (e) {
          console.warn('[reversi] a text font could not be declared:', e);
        }
      };
      const latin = 'U+0000-017F,U+2000-206F,U+20AC,U+2122,U+2212';
      [['Regular', '400'], ['Bold', '700']].forEach(function (pair) {
        try {
          add(FS.readFile('/assets/fonts/NotoSans-' + pair[0] + '.ttf'), pair[1], latin);
        } catch (e) {
          console.warn('[reversi] the atlas font is not readable:', e);
        }
      });
      const base = new URL('fonts/', document.baseURI).href;
      ReversiFaces.faces.forEach(function (face) {
        add('url(' + base + face.file + ') format("woff2")', face.weight, face.range);
      });
      const hex = function (code) { return code.toString(16).toUpperCase(); };
      ReversiFaces.cjk.forEach(function (start) {
        const range = 'U+' + hex(start) + '-' + hex(start + ReversiFaces.slice - 1);
        add('url(' + base + 'cjk-' + start.toString(16).padStart(4, '0') + '.woff2) format("woff2")', '100 900', range);
      });
    },
    // ImGui's size is a font's whole line (Noto Sans: 1.362 em), CSS's the em.
    font: function (size, bold) {
      return (bold ? '700 ' : '400 ') + (size / 1.362).toFixed(3) + 'px ' + ReversiText.family;
    },
    context2d: function () {
      if (!ReversiText.context) {
        ReversiText.canvas = document.createElement('canvas');
        ReversiText.context = ReversiText.canvas.getContext('2d');
      }
      return ReversiText.context;
    },
    // The paragraph's direction: that of its first strong letter.
    direction: function (text) {
      const first = /[\p{L}]/u.exec(text);
      return first && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(first[0]) ? 'rtl' : 'ltr';
    },
    graphemes: function (text) {
      if (typeof Intl === 'object' && Intl.Segmenter) {
        if (!ReversiText.segmenter) ReversiText.segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
        return Array.from(ReversiText.segmenter.segment(text), function (part) { return part.segment; });
      }
      return Array.from(text);
    },
    // The text's lines at `wrap` pixels (0: one line): broken between words,
    // and inside a word only between graphemes when the word alone is wider.
    lines: function (context, text, wrap) {
      if (!(wrap > 0)) return [text];
      const words = typeof Intl === 'object' && Intl.Segmenter
        ? Array.from(new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text), function (part) {
          return part.segment;
        })
        : text.split(/(?=\s)/);
      const lines = [];
      let line = '';
      const push = function (piece) {
        if (line !== '' && context.measureText(line + piece).width > wrap) {
          lines.push(line.trimEnd());
          line = piece.trimStart();
        } else {
          line += piece;
        }
      };
      words.forEach(function (word) {
        if (context.measureText(word).width <= wrap) push(word);
        else ReversiText.graphemes(word).forEach(push);
      });
      lines.push(line.trimEnd());
      return lines;
    },
    // Paints again, in a later frame, what was painted before its font came.
    awaitFont: function (font, text) {
      let ready;
      try { ready = document.fonts.check(font, text); } catch (e) { ready = true; }
      if (ready) return true;
      document.fonts.load(font, text).catch(function () { return null; }).then(function () {
        ReversiText.generation++;
      });
      return false;
    },
  },

  reversi_text_measure__deps: ['$ReversiText'],
  reversi_text_measure: function (pointer, length, size, bold) {
    ReversiText.declare();
    const text = UTF8ToString(pointer, length);
    const context = ReversiText.context2d();
    context.font = ReversiText.font(size, bold);
    context.direction = ReversiText.direction(text);
    return context.measureText(text).width;
  },

  reversi_text_graphemes__deps: ['$ReversiText'],
  // Writes the byte offset where each grapheme ends (at most `room`); returns how many.
  reversi_text_graphemes: function (pointer, length, ends, room) {
    const text = UTF8ToString(pointer, length);
    let at = 0;
    let count = 0;
    ReversiText.graphemes(text).forEach(function (grapheme) {
      at += lengthBytesUTF8(grapheme);
      if (count < room) HEAPU32[(ends >> 2) + count] = at;
      count++;
    });
    return Math.min(count, room);
  },

  reversi_text_paint__deps: ['$ReversiText'],
  // Paints `text` and returns its texture's id, with its box in layout
  // pixels written to box[0..2] (width, height, the picture's margin around
  // it); 0 when WebGL is not there.
  reversi_text_paint: function (pointer, length, size, bold, colour, wrap, scale, box) {
    ReversiText.declare();
    const text = UTF8ToString(pointer, length);
    const context = ReversiText.context2d();
    const font = ReversiText.font(size, bold);
    context.font = font;
    const ready = ReversiText.awaitFont(font, text);
    const lines = ReversiText.lines(context, text, wrap);
    const width = Math.max.apply(null, lines.map(function (line) { return context.measureText(line).width; }));
    // The layout's box is ImGui's: a line as tall as the size, the baseline
    // where the atlas's Noto Sans has it (an ascent of 1.069 em in a line of
    // 1.362 em); the picture reaches `pad` beyond it on every side, for the
    // marks above and below a line (Thai, Devanagari) and glyphs that overhang.
    const step = lines.length > 1 ? Math.round(size * 1.3) : size;
    const height = size + step * (lines.length - 1);
    const pad = Math.ceil(size * 0.4);
    const canvas = ReversiText.canvas;
    canvas.width = Math.max(1, Math.ceil((width + 2 * pad) * scale));
    canvas.height = Math.max(1, Math.ceil((height + 2 * pad) * scale));
    context.font = ReversiText.font(size * scale, bold);
    context.textBaseline = 'alphabetic';
    const rtl = ReversiText.direction(text) === 'rtl';
    context.direction = rtl ? 'rtl' : 'ltr';
    context.textAlign = rtl ? 'right' : 'left';
    // ImGui's colours are ABGR.
    context.fillStyle = 'rgba(' + (colour & 255) + ',' + ((colour >>> 8) & 255) + ',' + ((colour >>> 16) & 255) +
      ',' + (((colour >>> 24) & 255) / 255) + ')';
    if (ready) {
      lines.forEach(function (line, index) {
        const x = rtl ? pad + width : pad;
        context.fillText(line, x * scale, (pad + index * step + size * 0.785) * scale);
      });
    }
    HEAPF32[box >> 2] = width;
    HEAPF32[(box >> 2) + 1] = height;
    HEAPF32[(box >> 2) + 2] = pad;
    if (typeof GLctx === 'undefined' || !GLctx) return 0;
    const texture = GLctx.createTexture();
    GLctx.bindTexture(GLctx.TEXTURE_2D, texture);
    GLctx.texParameteri(GLctx.TEXTURE_2D, GLctx.TEXTURE_MIN_FILTER, GLctx.LINEAR);
    GLctx.texParameteri(GLctx.TEXTURE_2D, GLctx.TEXTURE_MAG_FILTER, GLctx.LINEAR);
    GLctx.texParameteri(GLctx.TEXTURE_2D, GLctx.TEXTURE_WRAP_S, GLctx.CLAMP_TO_EDGE);
    GLctx.texParameteri(GLctx.TEXTURE_2D, GLctx.TEXTURE_WRAP_T, GLctx.CLAMP_TO_EDGE);
    GLctx.texImage2D(GLctx.TEXTURE_2D, 0, GLctx.RGBA, GLctx.RGBA, GLctx.UNSIGNED_BYTE, canvas);
    GLctx.bindTexture(GLctx.TEXTURE_2D, null);
    const id = GL.getNewId(GL.textures);
    texture.name = id;
    GL.textures[id] = texture;
    // For the browser tests: what each texture holds, as painted.
    ReversiText.painted = ReversiText.painted || new Map();
    ReversiText.painted.set(id, { text: text, font: font, ready: ready, width: width, lines: lines.length,
      pixels: canvas.width, direction: context.direction });
    if (!window.reversiText) window.reversiText = { painted: ReversiText.painted, family: ReversiText.family };
    return id;
  },

  reversi_text_release__deps: ['$ReversiText'],
  reversi_text_release: function (id) {
    const texture = GL.textures[id];
    if (texture) GLctx.deleteTexture(texture);
    GL.textures[id] = null;
    if (ReversiText.painted) ReversiText.painted.delete(id);
  },

  reversi_text_generation__deps: ['$ReversiText'],
  reversi_text_generation: function () {
    return ReversiText.generation;
  },
});
