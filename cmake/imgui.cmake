# Dear ImGui 1.86 compiled from the Debian source package unpacked by
# scripts/setup (Debian's libimgui-dev ships no usable wasm build).
set(REVERSI_IMGUI_DIR "${REVERSI_DEPS_DIR}/imgui")
if(NOT EXISTS "${REVERSI_IMGUI_DIR}/imgui.h")
  message(WARNING "Dear ImGui sources not found in ${REVERSI_IMGUI_DIR}: run scripts/setup. The app is not built.")
  return()
endif()

find_package(Threads REQUIRED)
add_library(reversi_imgui STATIC
  "${REVERSI_IMGUI_DIR}/imgui.cpp"
  "${REVERSI_IMGUI_DIR}/imgui_draw.cpp"
  "${REVERSI_IMGUI_DIR}/imgui_tables.cpp"
  "${REVERSI_IMGUI_DIR}/imgui_widgets.cpp"
  "${REVERSI_IMGUI_DIR}/backends/imgui_impl_sdl.cpp"
  "${REVERSI_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
target_include_directories(reversi_imgui SYSTEM PUBLIC "${REVERSI_IMGUI_DIR}" "${REVERSI_IMGUI_DIR}/backends")
# The metrics window and the other debug tools are never shown: leaving them
# out keeps the first visit within its budget.
target_compile_definitions(reversi_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_DISABLE_METRICS_WINDOW)

if(EMSCRIPTEN)
  set(REVERSI_SDL2_PREFIX "${REVERSI_DEPS_DIR}/sdl2-wasm")
  if(NOT EXISTS "${REVERSI_SDL2_PREFIX}/lib/libSDL2.a")
    message(FATAL_ERROR "SDL2 for wasm not found in ${REVERSI_SDL2_PREFIX}: run scripts/setup")
  endif()
  # imgui_impl_opengl3.h picks ES2 under __EMSCRIPTEN__ unless told otherwise.
  target_compile_definitions(reversi_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
  target_include_directories(reversi_imgui SYSTEM PUBLIC "${REVERSI_SDL2_PREFIX}/include/SDL2")
  target_link_libraries(reversi_imgui PUBLIC "${REVERSI_SDL2_PREFIX}/lib/libSDL2.a")
  # The backend's per-frame GL state queries are answered from memory
  # (src/app/gl_state_web.cpp says why and when that is exact).
  set_source_files_properties("${REVERSI_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp" PROPERTIES COMPILE_DEFINITIONS
    "glGetIntegerv=reversi_gl_get_integerv;glIsEnabled=reversi_gl_is_enabled;glViewport=reversi_gl_viewport")
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  target_link_libraries(reversi_imgui PUBLIC SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
endif()
