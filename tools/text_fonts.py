#!/usr/bin/python3
"""The web fonts for text in any script (names, chat), cut from Debian's Noto.

    text_fonts.py CACHE_DIR FONTS_DIR LIBRARY

Writes FONTS_DIR/*.woff2 (the bundle's fonts/) and LIBRARY, the Emscripten
library that tells the page which file holds which characters (each a
FontFace of the family "Reversi Text" with its unicode-range, so the
browser fetches only the files a text needs: js/library_text.js). Each
script's font is subset with fontTools to its own ranges (no hinting; the
layout tables kept, since the browser shapes Arabic, Devanagari and Thai
with them). Chinese, Japanese and Korean come from Noto Sans CJK SC and are
cut in slices of SLICE consecutive code points, as Google Fonts slices
them, so a name of three characters fetches at most three small files.

The files depend only on the tables below and the Debian fonts: they are
made once into CACHE_DIR/<hash of both> (about ten minutes on two cores) and
copied from there afterwards. Needs fonttools and brotli (python3-fonttools,
python3-brotli; scripts/setup installs them).
"""
import hashlib
import json
import multiprocessing
import os
import shutil
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

NOTO = '/usr/share/fonts/truetype/noto'
CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
CJK_NUMBER = 2  # the collection's Noto Sans CJK SC
SLICE = 128
GROUP = 2048
FORMAT = 2  # the version of what options() and make() write

# name, Debian font stem, ranges. Latin, and Greek and Cyrillic beyond it,
# use Noto Sans; the page adds the app's own atlas fonts for U+0000-017F.
SCRIPTS = [
    ('greek-cyrillic', 'NotoSans', [(0x0180, 0x024F), (0x0250, 0x02FF), (0x0300, 0x036F), (0x0370, 0x03FF),
                                    (0x0400, 0x052F), (0x1C80, 0x1C8F), (0x1E00, 0x1EFF), (0x1F00, 0x1FFF),
                                    (0x2DE0, 0x2DFF), (0xA640, 0xA69F), (0x20A0, 0x20CF)]),
    ('arabic', 'NotoSansArabic', [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                                  (0xFE70, 0xFEFF)]),
    ('hebrew', 'NotoSansHebrew', [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]),
    ('devanagari', 'NotoSansDevanagari', [(0x0900, 0x097F), (0x1CD0, 0x1CFF), (0xA8E0, 0xA8FF)]),
    ('thai', 'NotoSansThai', [(0x0E00, 0x0E7F)]),
]
# Shaping needs these beside each script (joiners, the dotted circle).
SHAPING = [(0x200C, 0x200D), (0x25CC, 0x25CC)]
# CJK: punctuation, kana, Hangul jamo, the unified ideographs, Hangul
# syllables and the full-width forms (the rare extension A and the
# compatibility ideographs are left to the system's fonts).
CJK_BLOCKS = [(0x1100, 0x11FF), (0x3000, 0x30FF), (0x3130, 0x318F), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF),
              (0xFF00, 0xFFEF)]


def range_text(ranges):
    return ','.join(f'U+{a:04X}' if a == b else f'U+{a:04X}-{b:04X}' for a, b in ranges)


def options():
    chosen = subset.Options()
    chosen.flavor = 'woff2'
    chosen.hinting = False
    chosen.layout_features = ['*']
    chosen.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # the SIL OFL's copyright and licence kept
    chosen.notdef_outline = True
    chosen.drop_tables += ['DSIG']
    return chosen


def cut(font_file, codes, out_file, number=None, flavor='woff2', layout=True):
    """Subsets `font_file` to `codes` into `out_file`, unless it is there from an interrupted run."""
    if os.path.exists(out_file):
        return
    font = TTFont(font_file, fontNumber=number if number is not None else -1, lazy=True)
    chosen = options()
    chosen.flavor = flavor
    if not layout:
        chosen.layout_features = []
    subsetter = subset.Subsetter(chosen)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    font.flavor = flavor
    font.save(out_file + '.part')
    font.close()
    os.rename(out_file + '.part', out_file)


def codes_of(ranges):
    return [code for a, b in ranges for code in range(a, b + 1)]


def cut_group(job):
    """One group of CJK code points: cut from the collection, then into its slices."""
    out, group_start, in_group = job
    fonts = os.path.join(out, 'fonts')
    group = os.path.join(out, f'group-{group_start:04x}.otf')
    starts = sorted({code - code % SLICE for code in in_group})
    if all(os.path.exists(os.path.join(fonts, f'cjk-{start:04x}.woff2')) for start in starts):
        return starts
    cut(CJK, in_group, group, number=CJK_NUMBER, flavor=None, layout=False)
    for start in starts:
        inside = [code for code in in_group if start <= code < start + SLICE]
        cut(group, inside, os.path.join(fonts, f'cjk-{start:04x}.woff2'), layout=False)
    os.remove(group)
    return starts


def make(out):
    fonts = os.path.join(out, 'fonts')
    os.makedirs(fonts, exist_ok=True)
    faces = []
    for name, stem, ranges in SCRIPTS:
        for weight, style in (('400', 'Regular'), ('700', 'Bold')):
            file = f'{name}-{weight}.woff2'
            cut(f'{NOTO}/{stem}-{style}.ttf', codes_of(ranges + SHAPING), os.path.join(fonts, file))
            faces.append({'file': file, 'weight': weight, 'range': range_text(ranges)})
    # The CJK collection is large (17 MB, 65,000 glyphs): each group of GROUP
    # code points is cut from it once (two at a time), and the group's small
    # font into its slices. CJK needs no layout features here (no vertical
    # text, one region's forms).
    cmap = TTFont(CJK, fontNumber=CJK_NUMBER, lazy=True).getBestCmap()
    jobs = []
    for first, last in CJK_BLOCKS:
        codes = [code for code in range(first, last + 1) if code in cmap]
        for group_start in range(first - first % GROUP, last + 1, GROUP):
            in_group = [code for code in codes if group_start <= code < group_start + GROUP]
            if in_group:
                jobs.append((out, group_start, in_group))
    with multiprocessing.Pool(2) as pool:
        slices = sorted({start for starts in pool.map(cut_group, jobs) for start in starts})
    library = ('// Written by tools/text_fonts.py: the faces of "Reversi Text" beyond the\n'
               '// app\'s atlas fonts, and the CJK slices (a file for every SLICE code points\n'
               '// from each listed start). Linked into reversi.js with --js-library.\n'
               "'use strict';\n"
               'mergeInto(LibraryManager.library, {\n'
               f'  $ReversiFaces: {json.dumps({"faces": faces, "slice": SLICE, "cjk": slices})},\n'
               '});\n')
    with open(os.path.join(out, 'text_faces.js'), 'w', encoding='utf-8') as handle:
        handle.write(library)


def fingerprint():
    # What the files are made from: the tables above, the subsetting's
    # version (raise it when options() or make() changes what they hold) and
    # the Debian fonts.
    digest = hashlib.sha256(repr((SCRIPTS, SHAPING, CJK_BLOCKS, CJK_NUMBER, SLICE, GROUP, FORMAT)).encode())
    for path in [CJK] + [f'{NOTO}/{stem}-{style}.ttf' for _, stem, _ in SCRIPTS for style in ('Regular', 'Bold')]:
        digest.update(f'{path}:{os.path.getsize(path)}:{int(os.path.getmtime(path))}'.encode())
    return digest.hexdigest()[:16]


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: text_fonts.py CACHE_DIR FONTS_DIR LIBRARY')
    cache, fonts, library = sys.argv[1:]
    made = os.path.join(cache, fingerprint())
    if not os.path.exists(os.path.join(made, 'text_faces.js')):
        partial = made + '.partial'  # kept if interrupted: the next run goes on from it
        make(partial)
        shutil.rmtree(made, ignore_errors=True)
        os.rename(partial, made)
    shutil.rmtree(fonts, ignore_errors=True)
    shutil.copytree(os.path.join(made, 'fonts'), fonts)
    shutil.copyfile(os.path.join(made, 'text_faces.js'), library)


if __name__ == '__main__':
    main()
