# The browser build (included from CMakeLists.txt when configured with emcmake).
#
# Produces build/web/dist/, ready to serve:
#   reversi.js/.wasm/.data  the app (UI + game), SDL2 + WebGL2 + ImGui
#   ai_worker.js/.wasm      engine + AI only, run as a Web Worker
#   ai_worker_simd.js/.wasm the same with wasm SIMD, used where supported
#   index.html, sw.js, manifest, icons  from web/ and assets/ (scripts/bundle.mjs)
# and, for the tests and benchmarks under Node:
#   engine-tests.js         the engine unit tests (engine-tests-simd.js: SIMD)
#   reversi-cli.js          perft / solve / move / match / bench (SIMD)

# No run-time type information in any wasm build: nothing asks a type its
# name (typeid, dynamic_cast), and the names cost the first visit 1.6 kB
# with Brotli. Exceptions still find their handlers (the compiler keeps the
# type information of what is thrown).
add_compile_options(-fno-rtti)
set(REVERSI_DIST "${CMAKE_BINARY_DIR}/dist")
file(MAKE_DIRECTORY "${REVERSI_DIST}")

# nlohmann-json reports bad documents by exception; Emscripten's prebuilt
# libc++-except makes catching work. The engine and AI stay exception-free.
target_compile_options(reversi_messages PRIVATE -fexceptions)
target_compile_options(reversi_app_core PRIVATE -fexceptions)

set(REVERSI_WEB_COMMON_LINK -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sTOTAL_STACK=1MB)
# Optimisation of the app's own code (see the app section below).
set(REVERSI_APP_OPT -Os CACHE STRING "Optimisation flags for the web app's UI code (not the engine/AI)")

# ------------------------------------------------- wasm SIMD variants ----
# The engine, AI and game layers once more with wasm SIMD, where the move
# generator works along two directions at once (src/engine/move_kernels.h).
# Every current browser has SIMD; the app starts the SIMD worker where the
# browser validates a SIMD module and ai_worker.js elsewhere. The Node CLI
# and a second run of the engine tests use these too.
function(reversi_simd_layer name dir)
  reversi_layer(${name} ${dir} ${ARGN})
  target_compile_options(${name} PRIVATE -msimd128)
endfunction()
reversi_simd_layer(reversi_engine_simd engine)
reversi_simd_layer(reversi_ai_simd ai reversi_engine_simd)
reversi_embed_pattern_weights(reversi_ai_simd "${REVERSI_PATTERN_WEIGHTS}" pattern_weights ai/pattern_eval.h
  reversi::ai trained_pattern_weights)
reversi_simd_layer(reversi_game_simd game reversi_ai_simd)

# ------------------------------------------------------------- AI worker ----
# The worker reads and writes the message layer's worker messages; it takes
# those two files of the layer rather than the layer itself, which would
# bring the game's code (built without SIMD) along.
function(reversi_ai_worker name ai_library)
  add_executable(${name} src/worker/ai_worker.cpp src/messages/worker_messages.cpp src/messages/codec.cpp)
  target_link_libraries(${name} PRIVATE ${ai_library} reversi_json reversi_warnings)
  target_include_directories(${name} PRIVATE src)
  target_compile_options(${name} PRIVATE ${ARGN})
  target_link_options(${name} PRIVATE ${REVERSI_WEB_COMMON_LINK} -sBUILD_AS_WORKER=1 -sENVIRONMENT=worker
    "-sEXPORTED_FUNCTIONS=['_think','_ponder']" -sFILESYSTEM=0)
  set_target_properties(${name} PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${REVERSI_DIST}")
endfunction()
reversi_ai_worker(ai_worker reversi_ai)
reversi_ai_worker(ai_worker_simd reversi_ai_simd -msimd128)

# ------------------------------------------------------------------- app ----
include(cmake/imgui.cmake)
include(cmake/assets.cmake)
reversi_copy_assets("${CMAKE_BINARY_DIR}/assets")
file(GLOB app_sources CONFIGURE_DEPENDS src/app/*.cpp)
# The page side of platform_web.cpp, one --js-library file per concern
# (src/app/js/library_reversi.js says which holds what).
set(REVERSI_JS_LIBRARIES
  "${CMAKE_SOURCE_DIR}/src/app/js/library_reversi.js"
  "${CMAKE_SOURCE_DIR}/src/app/js/library_storage.js"
  "${CMAKE_SOURCE_DIR}/src/app/js/library_network.js"
  "${CMAKE_SOURCE_DIR}/src/app/js/library_services.js")
set(REVERSI_JS_LIBRARY_OPTIONS)
foreach(library IN LISTS REVERSI_JS_LIBRARIES)
  # SHELL: keeps each pair whole (CMake would drop a repeated --js-library).
  list(APPEND REVERSI_JS_LIBRARY_OPTIONS "SHELL:--js-library ${library}")
endforeach()
add_executable(reversi ${app_sources})
add_dependencies(reversi reversi_assets)
target_compile_options(reversi PRIVATE -fexceptions)
target_link_libraries(reversi PRIVATE reversi_app_core reversi_imgui reversi_warnings)
target_compile_definitions(reversi PRIVATE REVERSI_ASSETS_DIR="/assets")
# The UI code (app, ImGui, the game and message layers) is optimised for size: it
# spends well under a millisecond a frame, and every byte is downloaded. The
# engine and AI keep -O3 (the worker searches with them).
target_compile_options(reversi PRIVATE ${REVERSI_APP_OPT})
target_compile_options(reversi_imgui PRIVATE ${REVERSI_APP_OPT})
target_compile_options(reversi_game PRIVATE ${REVERSI_APP_OPT})
target_compile_options(reversi_messages PRIVATE ${REVERSI_APP_OPT})
target_compile_options(reversi_app_core PRIVATE ${REVERSI_APP_OPT})
# GL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0: Emscripten would otherwise call
# getExtension() for every WebGL extension the browser offers when the context
# is made (32 in Chromium, each a synchronous round trip to the GPU process,
# 0.5 s together under SwiftShader); the app uses WebGL 2 core only.
target_link_options(reversi PRIVATE ${REVERSI_WEB_COMMON_LINK} -fexceptions ${REVERSI_APP_OPT} -sMALLOC=emmalloc
  -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sENVIRONMENT=web
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0 -sGL_TRACK_ERRORS=0
  "-sEXPORTED_FUNCTIONS=['_main','_malloc','_free','_reversi_embed_message','_reversi_storage_loaded','_reversi_storage_saved','_reversi_storage_change','_reversi_storage_changed_text','_reversi_text_answer','_reversi_set_reduced_motion','_reversi_set_more_contrast','_reversi_page_hidden']"
  ${REVERSI_JS_LIBRARY_OPTIONS}
  --preload-file "${CMAKE_BINARY_DIR}/assets@/assets")
set_target_properties(reversi PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${REVERSI_DIST}"
  LINK_DEPENDS "${REVERSI_ASSET_FILES};${REVERSI_JS_LIBRARIES}")

# Text in any script (docs/architecture.md): the page paints it
# (js/library_text.js) with Noto fonts per script that tools/text_fonts.py cuts
# into dist/fonts/ and describes in text_faces.js. They are made once into
# build/text-fonts-cache (outside this build folder, so a fresh build copies
# them) and fetched by the page only when a text needs them.
find_program(REVERSI_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(REVERSI_TEXT_FACES "${CMAKE_BINARY_DIR}/text_faces.js")
add_custom_command(OUTPUT "${REVERSI_TEXT_FACES}"
  COMMAND "${REVERSI_DEBIAN_PYTHON}" "${CMAKE_SOURCE_DIR}/tools/text_fonts.py" "${CMAKE_SOURCE_DIR}/build/text-fonts-cache"
    "${REVERSI_DIST}/fonts" "${REVERSI_TEXT_FACES}"
  DEPENDS "${CMAKE_SOURCE_DIR}/tools/text_fonts.py"
  COMMENT "Cutting the Noto fonts for text in any script (once; then from build/text-fonts-cache)"
  VERBATIM)
add_custom_target(reversi_text_fonts DEPENDS "${REVERSI_TEXT_FACES}")
add_dependencies(reversi reversi_text_fonts)
# SHELL: keeps each --js-library beside its file (CMake drops repeated flags).
target_link_options(reversi PRIVATE
  "SHELL:--js-library ${CMAKE_SOURCE_DIR}/src/app/js/library_text.js" "SHELL:--js-library ${REVERSI_TEXT_FACES}")
set_property(TARGET reversi APPEND PROPERTY LINK_DEPENDS
  "${CMAKE_SOURCE_DIR}/src/app/js/library_text.js;${REVERSI_TEXT_FACES}")

# The rest of the bundle: shell, service worker with a content-derived cache
# name, manifest and icons.
find_program(NODE_EXECUTABLE node REQUIRED)
# The word catalogues of the languages besides English (cmake/lang_catalogues.cmake)
# go to dist/lang/, fetched when a language is chosen.
add_custom_target(reversi_bundle ALL
  COMMAND ${CMAKE_COMMAND} -E copy_directory "${REVERSI_LANG_JSON_DIR}" "${REVERSI_DIST}/lang"
  COMMAND "${NODE_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/scripts/bundle.mjs" "${REVERSI_DIST}"
  DEPENDS reversi ai_worker ai_worker_simd reversi_lang_catalogues
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  COMMENT "Assembling the web bundle in ${REVERSI_DIST}"
  VERBATIM)

# The host page's message names for web/embed.js (embed-messages.js), from
# the C++ message layer's list, by tools/host_message_names.cpp under Node.
add_executable(host_message_names tools/host_message_names.cpp)
target_link_libraries(host_message_names PRIVATE reversi_messages reversi_warnings)
target_compile_options(host_message_names PRIVATE -fexceptions)
target_link_options(host_message_names PRIVATE ${REVERSI_WEB_COMMON_LINK} -sENVIRONMENT=node -sNODERAWFS=1
  -sEXIT_RUNTIME=1 -fexceptions)
set_target_properties(host_message_names PROPERTIES SUFFIX ".js")
add_custom_command(OUTPUT "${REVERSI_DIST}/embed-messages.js"
  # Node 18's own fetch cannot load the .wasm from a path (docs/toolchain.md).
  COMMAND "${NODE_EXECUTABLE}" --no-experimental-fetch "$<TARGET_FILE:host_message_names>" "${REVERSI_DIST}/embed-messages.js"
  DEPENDS host_message_names
  COMMENT "Writing the host page's message names"
  VERBATIM)
add_custom_target(reversi_embed_messages DEPENDS "${REVERSI_DIST}/embed-messages.js")
add_dependencies(reversi_bundle reversi_embed_messages)

# --------------------------------------------------- Node test/bench builds ----
set(REVERSI_NODE_LINK ${REVERSI_WEB_COMMON_LINK} -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1)

set(DOCTEST_INCLUDE "${REVERSI_HEADER_MIRROR}")
file(GLOB engine_test_sources CONFIGURE_DEPENDS tests/unit/engine_*_test.cpp)
function(reversi_engine_tests name engine_library)
  add_executable(${name} tests/unit/main.cpp ${engine_test_sources})
  target_include_directories(${name} PRIVATE "${DOCTEST_INCLUDE}" tests)
  target_link_libraries(${name} PRIVATE ${engine_library})
  target_compile_options(${name} PRIVATE ${ARGN})
  target_compile_definitions(${name} PRIVATE REVERSI_SHARED_DIR="${REVERSI_SHARED_DIR}"
    DOCTEST_CONFIG_NO_EXCEPTIONS_BUT_WITH_ALL_ASSERTS)
  target_link_options(${name} PRIVATE ${REVERSI_NODE_LINK})
  set_target_properties(${name} PROPERTIES SUFFIX ".js")
endfunction()
reversi_engine_tests(engine-tests reversi_engine)
reversi_engine_tests(engine-tests-simd reversi_engine_simd -msimd128)

file(GLOB cli_sources CONFIGURE_DEPENDS src/cli/*.cpp)
add_executable(reversi-cli ${cli_sources})
target_link_libraries(reversi-cli PRIVATE reversi_game_simd reversi_json reversi_warnings)
target_compile_options(reversi-cli PRIVATE -fexceptions -msimd128)
target_compile_definitions(reversi-cli PRIVATE REVERSI_SHARED_DIR="${REVERSI_SHARED_DIR}")
target_link_options(reversi-cli PRIVATE ${REVERSI_NODE_LINK} -fexceptions)
set_target_properties(reversi-cli PROPERTIES SUFFIX ".js")
