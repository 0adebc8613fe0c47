#!/usr/bin/env python3
"""Writes the answers of SDL2's configure checks as a CMake initial cache.

    sdl2_wasm_checks.py BUILD_DIR SDL_VERSION EMSCRIPTEN_VERSION > cmake/sdl2-wasm-checks.cmake

SDL2's CMake configure asks some 300 questions of the compiler (is there a
header, a function, a builtin), and under Emscripten each is a test program
compiled and linked by emcc: that configure took more processor time
than compiling SDL2 after it (docs/testing.md). The answers depend only on SDL2's
version and the toolchain's, so scripts/setup hands them to CMake (`-C`)
when both versions match the ones recorded here, and CMake skips every
check whose answer it already has; with other versions it asks them all.

BUILD_DIR is an SDL2 wasm build folder configured without this file (as
scripts/setup does it with the versions it does not know); its
CMakeCache.txt holds each check's answer as an INTERNAL entry.
"""
import re
import sys

# The variables SDL2's checks answer (check_include_file, check_symbol_exists,
# check_c_source_compiles, check_library_exists...): HAVE_* and the two
# others SDL2 2.26 names. CMake's own entries (CMAKE_*, *-ADVANCED,
# FIND_PACKAGE_*) are the build folder's, not answers.
ANSWER = re.compile(r'^(HAVE_[A-Za-z0-9_]+|LIBC_IS_GLIBC|STDC_HEADERS):INTERNAL=(.*)$')


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    build_dir, sdl_version, emscripten_version = argv[1:]
    answers = []
    with open(f'{build_dir}/CMakeCache.txt', encoding='utf-8') as cache:
        for line in cache:
            match = ANSWER.match(line.rstrip('\n'))
            if match:
                answers.append((match.group(1), match.group(2)))
    if len(answers) < 100:
        sys.stderr.write(f'sdl2_wasm_checks.py: only {len(answers)} answers in {build_dir}: not a configured SDL2 build\n')
        return 1
    out = sys.stdout
    out.write('# SDL2 configure checks answered for Debian\'s Emscripten (tools/sdl2_wasm_checks.py\n'
              '# wrote this; scripts/setup uses it only for the versions below).\n')
    out.write(f'set(REVERSI_SDL2_CHECKS_SDL "{sdl_version}" CACHE INTERNAL "")\n')
    out.write(f'set(REVERSI_SDL2_CHECKS_EMSCRIPTEN "{emscripten_version}" CACHE INTERNAL "")\n')
    for name, value in sorted(answers):
        if not re.fullmatch(r'[A-Za-z0-9_./ -]*', value):
            sys.stderr.write(f'sdl2_wasm_checks.py: unexpected value for {name}: {value!r}\n')
            return 1
        out.write(f'set({name} "{value}" CACHE INTERNAL "")\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
