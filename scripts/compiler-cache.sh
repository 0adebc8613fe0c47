# Sourced by scripts/test, scripts/play and scripts/build-web: compiles
# through ccache when it is installed (scripts/setup installs it), so a
# rebuild of an unchanged file, in this clone or any other on the machine,
# is a cache hit. The cache lives in ccache's own folder outside the tree
# (CCACHE_DIR, by default ~/.cache/ccache), never in git; a brand-new machine
# fills it once.
#   reversi_cmake_launcher  the cmake arguments that put ccache in front
#                           of the native compilers (empty without ccache)
# The web build goes through emcc, which puts EM_COMPILER_WRAPPER in front of
# its clang.
reversi_cmake_launcher=()
if command -v ccache >/dev/null 2>&1 && [ "${REVERSI_CCACHE:-1}" != 0 ]; then
  export CCACHE_DIR="${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ccache}"
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-6G}"
  # Paths below the clone are hashed relative to it, and the working folder
  # is left out of debug builds' hashes, so another clone hits too.
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
  export CCACHE_NOHASHDIR=1
  # Depend mode: a miss reads the compiler's own dependency file instead of
  # running the preprocessor once more, so a brand-new machine (every file a
  # miss) pays little for the cache. The builds all write depfiles (Ninja's
  # -MD, and Make's since CMake 3.20).
  export CCACHE_DEPEND="${CCACHE_DEPEND:-1}"
  # The native builds precompile nlohmann-json (CMakeLists.txt: REVERSI_PCH):
  # ccache caches a precompiled header and the files that use it only with
  # this sloppiness (its manual, "Precompiled headers").
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
  export EM_COMPILER_WRAPPER=ccache
  reversi_cmake_launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
