// One main for the desktop and the browser (Dear ImGui's own pattern): SDL2
// window + OpenGL ES3/WebGL2 context + ImGui, then the App draws each frame.
// In the browser the loop runs on requestAnimationFrame while frames are
// owed and skips frames that change nothing; an app that only waits ticks
// from a 50 ms timer instead, so a still board asks the page for no frames.
#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "app/app.h"
#include "app/core/picture_settling.h"
#include "app/disc_view.h"
#include "app/platform.h"
#include "app/text_view.h"
#include "app/theme.h"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include "app/gl_state_web.h"

extern "C" {
// library_reversi.js
void reversi_js_publish_loop_idle(int idle);
void reversi_js_count_tick();
void reversi_js_wake_on_input();
}
#else
#include <SDL_opengl.h>
#endif

namespace {

struct Runtime {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  reversi::Theme theme;
  reversi::App* app = nullptr;
  float font_scale = 0;         // device pixel ratio the font atlas was made for
  int frames_owed = 2;          // frames still to draw after the last input
  int hide_pointer_in = -1;     // frames until a lifted finger stops hovering
  bool pointer_hidden = false;  // after a touch ends, until the next pointer event
  bool context_lost = false;
  int release_frames_owed = 0;  // frames to draw after a release before the next press is taken
  // The pointer as the events this app has taken say (not as SDL knows it
  // now, which may be a tap further on): what ImGui is shown each frame.
  struct Pointer {
    float x = -FLT_MAX, y = -FLT_MAX;
    bool down = false;
    bool pressed = false;  // a press this frame, kept even if released in the same frame
  } pointer;
  bool running = true;
  const char* glsl_version = nullptr;
  // Frames go on while each differs from the one before (see picture_settling.h).
  reversi::PictureSettling settling;
};

Runtime* g_runtime = nullptr;  // only for the C callbacks of SDL/Emscripten

#ifdef __EMSCRIPTEN__
// The loop's two paces. While frames are owed it runs on every display
// refresh (requestAnimationFrame). Once none is, it ticks from a timer
// every kIdleTickMs instead: a loop on requestAnimationFrame has the page
// run a frame's whole lifecycle sixty times a second even when the app
// draws nothing, which kept a renderer about a tenth busy on a still board
// and costs a phone's battery. The ticks still see what arrives meanwhile
// (the worker's reply, the server, the store, the host page) within 50 ms
// and the clock's seconds; input wakes the loop at once (reversi_wake,
// from the page's listeners: library_reversi.js).
constexpr int kIdleTickMs = 50;
bool g_loop_idle = false;

// True when the loop owes no frame: it may idle until something arrives.
bool nothing_owed(const Runtime& runtime) {
  return runtime.frames_owed <= 0 && runtime.release_frames_owed <= 0 && runtime.hide_pointer_in < 0;
}

void pace_loop(bool idle) {
  if (idle == g_loop_idle) return;
  g_loop_idle = idle;
  reversi_js_publish_loop_idle(idle ? 1 : 0);
  if (idle)
    emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, kIdleTickMs);
  else
    emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
}
#endif

float device_pixel_ratio(SDL_Window* window) {
  int window_width = 0, window_height = 0, drawable_width = 0, drawable_height = 0;
  SDL_GetWindowSize(window, &window_width, &window_height);
  SDL_GL_GetDrawableSize(window, &drawable_width, &drawable_height);
  return window_width > 0 ? static_cast<float>(drawable_width) / window_width : 1.0f;
}

// A large window shows the same layout larger rather than more empty space:
// a 1920×1080 window is laid out as 1280×720 and drawn half as large again,
// in steps of an eighth, so that a window being resized does not remake the
// font atlas on every step. The player's "larger text" multiplies it, as far
// as the layout keeps room for its narrowest form (320×360).
float layout_zoom(const Runtime& runtime) {
  int width = 0, height = 0;
  SDL_GetWindowSize(runtime.window, &width, &height);
  const float wish = runtime.app ? runtime.app->text_zoom() : 1.0f;
  const float fit = std::clamp(std::floor(std::min(width / 1100.0f, height / 720.0f) * 8) / 8, 1.0f, 2.5f);
  const float room = std::min(width / 320.0f, height / 360.0f);
  return std::max(fit, std::min(fit * wish, room));
}

// The font atlas is made at the device pixel ratio times the layout's zoom.
void rebuild_fonts_if_needed(Runtime& runtime, float zoom) {
  const float scale = device_pixel_ratio(runtime.window) * zoom;
  if (scale == runtime.font_scale) return;
  runtime.font_scale = scale;
  reversi::widgets::set_text_scale(scale);
  runtime.theme.load_fonts(scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

// The picture a frame puts on the screen, as a fingerprint: ImGui's draw
// lists (vertices, indices, commands), and the size and colour of the
// drawable they are drawn over. (A texture's contents are known by its name:
// painted text and the font atlas get new textures.)
std::uint64_t picture_of(const ImDrawData& data, int width, int height, const ImVec4& clear) {
  reversi::Fingerprint fingerprint;
  fingerprint.add_value(data.DisplaySize);
  fingerprint.add_value(width);
  fingerprint.add_value(height);
  fingerprint.add_value(clear);
  for (int list = 0; list < data.CmdListsCount; ++list) {
    const ImDrawList& draw_list = *data.CmdLists[list];
    fingerprint.add(draw_list.VtxBuffer.Data, draw_list.VtxBuffer.size_in_bytes());
    fingerprint.add(draw_list.IdxBuffer.Data, draw_list.IdxBuffer.size_in_bytes());
    for (const ImDrawCmd& command : draw_list.CmdBuffer) {
      fingerprint.add_value(command.ClipRect);
      fingerprint.add_value(command.TextureId);
      fingerprint.add_value(command.ElemCount);
    }
  }
  return fingerprint.value();
}

// Follows the left button and the pointer's position through one event.
void track_pointer(Runtime::Pointer& pointer, const SDL_Event& event) {
  switch (event.type) {
    case SDL_MOUSEMOTION:
      pointer.x = static_cast<float>(event.motion.x);
      pointer.y = static_cast<float>(event.motion.y);
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      pointer.x = static_cast<float>(event.button.x);
      pointer.y = static_cast<float>(event.button.y);
      if (event.button.button != SDL_BUTTON_LEFT) break;
      pointer.down = event.type == SDL_MOUSEBUTTONDOWN;
      pointer.pressed = pointer.pressed || pointer.down;
      break;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_LEAVE) pointer.x = pointer.y = -FLT_MAX;
      break;
    default:
      break;
  }
}

// The next event, left in the queue (false when there is none).
bool peek_event(SDL_Event& event) {
  SDL_PumpEvents();
  return SDL_PeepEvents(&event, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1;
}

// Takes this frame's events to ImGui and the app; true when there were any.
bool take_events(Runtime& runtime, bool hold_pointer) {
  SDL_Event event;
  bool had_input = false;
  while (peek_event(event)) {
    const bool pointer = event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEMOTION ||
                         event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION;
    if (pointer && hold_pointer && !runtime.context_lost) {
      runtime.frames_owed = std::max(runtime.frames_owed, 1);
      break;
    }
    SDL_PollEvent(&event);
    if (event.type == SDL_QUIT) runtime.running = false;
    // While the board cannot be seen, taps and keys are dropped: nobody
    // meant them for a board they could not see.
    if (runtime.context_lost) continue;
    // The wheel scrolls as browsers do, by the app's own measure (App::handle_event).
    if (event.type != SDL_MOUSEWHEEL) ImGui_ImplSDL2_ProcessEvent(&event);
    runtime.app->handle_event(event);
    had_input = true;
    track_pointer(runtime.pointer, event);
    // A desktop window shown again may have lost what it held: draw it anew.
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_EXPOSED) runtime.settling.forget();
    // Touch arrives as mouse events from SDL_TOUCH_MOUSEID: after the finger
    // lifts, nothing may stay "hovered" (phones have no hover). A new press
    // or a real mouse's motion calls off a hiding still to come: a quick
    // second tap must not have its release shown off the screen.
    if (event.type == SDL_MOUSEBUTTONUP && event.button.which == SDL_TOUCH_MOUSEID) runtime.hide_pointer_in = 2;
    if (event.type == SDL_FINGERUP) runtime.hide_pointer_in = 2;
    if (event.type == SDL_FINGERDOWN || (event.type == SDL_MOUSEBUTTONDOWN) ||
        (event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID)) {
      runtime.pointer_hidden = false;
      runtime.hide_pointer_in = -1;
    }
    if (event.type == SDL_MOUSEBUTTONUP) {
      runtime.release_frames_owed = 2;
      break;
    }
  }
  return had_input;
}

void run_frame(Runtime& runtime) {
  // Dear ImGui 1.86 sees the mouse once a frame: a tap is a press in one
  // frame and the release, where the pointer then is, in a later one. So a
  // release ends the frame's events, and no pointer event is taken until two
  // more frames are drawn: the first shows the release where it happened (two
  // quick taps are two taps, never one where the last wins); the second
  // draws the screen the release made, so that a dialog the tap closed no
  // longer stands over the board when ImGui decides what the next press is on
  // (it finds the window under the pointer from the frame before).
  const bool hold_pointer = runtime.release_frames_owed > 0;
  const bool had_input = take_events(runtime, hold_pointer);
  if (runtime.context_lost) return;
  const double now = SDL_GetTicks64() / 1000.0;
  if (had_input) runtime.frames_owed = 3;
  runtime.app->between_frames();
  // A font for painted text arrived: what was painted blank is drawn again.
  if (reversi::widgets::painted_text_stale()) runtime.frames_owed = std::max(runtime.frames_owed, 2);
  if (runtime.app->wants_frames(now)) runtime.frames_owed = std::max(runtime.frames_owed, 1);
  if (runtime.release_frames_owed > 0) runtime.frames_owed = std::max(runtime.frames_owed, 1);
  if (runtime.frames_owed <= 0) return;
  --runtime.frames_owed;
  if (hold_pointer) --runtime.release_frames_owed;

  const float zoom = layout_zoom(runtime);
  rebuild_fonts_if_needed(runtime, zoom);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  // The release must reach ImGui at the finger's position first (a click is
  // a release over the item); a couple of frames later the pointer leaves.
  if (runtime.hide_pointer_in > 0) {
    --runtime.hide_pointer_in;
    runtime.frames_owed = std::max(runtime.frames_owed, 1);
  } else if (runtime.hide_pointer_in == 0) {
    runtime.hide_pointer_in = -1;
    runtime.pointer_hidden = true;
    runtime.frames_owed = std::max(runtime.frames_owed, 1);
  }
  // The backend read SDL's state of now; ImGui is shown the pointer of the
  // events taken instead, so that each tap is judged where it happened.
  // The layout's zoom: ImGui sees a smaller display drawn at a larger scale.
  io.DisplaySize = ImVec2(io.DisplaySize.x / zoom, io.DisplaySize.y / zoom);
  io.DisplayFramebufferScale = ImVec2(io.DisplayFramebufferScale.x * zoom, io.DisplayFramebufferScale.y * zoom);
  runtime.app->set_zoom(zoom);
  io.MousePos = ImVec2(runtime.pointer.x / zoom, runtime.pointer.y / zoom);
  io.MouseDown[0] = runtime.pointer.pressed || runtime.pointer.down;
  runtime.pointer.pressed = false;
  if (runtime.pointer_hidden && !io.MouseDown[0]) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui::NewFrame();
  runtime.app->frame(now);
  ImGui::Render();

  int width = 0, height = 0;
  SDL_GL_GetDrawableSize(runtime.window, &width, &height);
  const ImVec4 clear = runtime.theme.background();
  // A frame whose picture is the one on the screen is not drawn again: the
  // canvas (or the window) keeps showing it. Most frames are such: each one
  // a waiting clock or the dots owe between two changes of the text, and
  // the frame after every change that proves it settled. Drawing is what
  // costs a phone's battery, and most of the processor under software GL.
  if (runtime.settling.drawn(picture_of(*ImGui::GetDrawData(), width, height, clear))) {
    // Never rest on a picture the next frame would change: a popup is measured
    // hidden on its first frame, and fades and scroll limits settle over a few.
    runtime.frames_owed = std::max(runtime.frames_owed, 1);
#ifdef __EMSCRIPTEN__
    reversi::gl_state::set_viewport(0, 0, width, height);
#else
    glViewport(0, 0, width, height);
#endif
    glClearColor(clear.x, clear.y, clear.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(runtime.window);
  }
  runtime.app->frame_rendered();
}

#ifdef __EMSCRIPTEN__
void browser_loop() {
  reversi_js_count_tick();
  run_frame(*g_runtime);
  if (!g_runtime->context_lost) pace_loop(nothing_owed(*g_runtime));
}

EM_BOOL on_context_lost(int, const void*, void*) {
  g_runtime->context_lost = true;
  return EM_TRUE;
}

EM_BOOL on_context_restored(int, const void*, void*) {
  // Every GL object died with the context: make ImGui's anew, from GL's defaults.
  reversi::gl_state::forget();
  reversi::widgets::forget_painted_text();
  reversi::forget_disc_pictures();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init(g_runtime->glsl_version);
  g_runtime->font_scale = 0;
  g_runtime->settling.forget();
  g_runtime->context_lost = false;
  g_runtime->frames_owed = 3;
  return EM_TRUE;
}
#endif

#ifdef __EMSCRIPTEN__
// The canvas's context lost and restored, and input that wakes an idle loop.
void listen_to_the_page() {
  emscripten_set_webglcontextlost_callback("#canvas", nullptr, EM_FALSE, on_context_lost);
  emscripten_set_webglcontextrestored_callback("#canvas", nullptr, EM_FALSE, on_context_restored);
  reversi_js_wake_on_input();
}
#endif

}  // namespace

#ifdef __EMSCRIPTEN__
// Called by the page's listeners on input (library_reversi.js): an idle
// loop goes back to the display's refresh at once, not at its next tick.
extern "C" EMSCRIPTEN_KEEPALIVE void reversi_wake() {
  if (!g_runtime || !g_loop_idle) return;
  pace_loop(false);
  // The timer's tick already set would still come first, up to 50 ms on:
  // the loop is started afresh, on the next refresh (the old tick then ends
  // without running).
  emscripten_pause_main_loop();
  emscripten_resume_main_loop();
}
#endif

int main(int, char**) {
#ifdef __EMSCRIPTEN__
  // The page plays the sounds through Web Audio; the wasm SDL is built without
  // its audio subsystem (scripts/setup).
  constexpr Uint32 kSubsystems = SDL_INIT_VIDEO | SDL_INIT_TIMER;
#else
  constexpr Uint32 kSubsystems = SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_AUDIO;
#endif
  if (SDL_Init(kSubsystems) != 0) {
    std::fprintf(stderr, "Reversi could not start SDL: %s\n", SDL_GetError());
    return 1;
  }
  static Runtime runtime;
  g_runtime = &runtime;

#ifdef __EMSCRIPTEN__
  runtime.glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size("#canvas", &css_width, &css_height);
  const int width = css_width > 0 ? static_cast<int>(css_width) : 390;
  const int height = css_height > 0 ? static_cast<int>(css_height) : 844;
#else
  runtime.glsl_version = "#version 130";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  const int width = 1100, height = 800;
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  runtime.window = SDL_CreateWindow("Reversi", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                    SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!runtime.window) {
    std::fprintf(stderr, "Reversi could not open a window: %s\n", SDL_GetError());
    reversi::platform::report_fatal("This browser could not open a WebGL2 canvas.");
    return 1;
  }
  runtime.gl = SDL_GL_CreateContext(runtime.window);
  if (!runtime.gl) {
    std::fprintf(stderr, "Reversi could not create an OpenGL context: %s\n", SDL_GetError());
    reversi::platform::report_fatal("This browser could not create a WebGL2 context.");
    return 1;
  }
  SDL_GL_MakeCurrent(runtime.window, runtime.gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is computed, nothing to remember on disk
  // Keyboard focus is the app's own (Tab, Shift+Tab, a ring, Enter/Space):
  // Dear ImGui 1.86's navigation does not visit buttons by Tab.
  runtime.theme.use(reversi::ThemeId::Walnut);
  ImGui_ImplSDL2_InitForOpenGL(runtime.window, runtime.gl);
  ImGui_ImplOpenGL3_Init(runtime.glsl_version);
  rebuild_fonts_if_needed(runtime, layout_zoom(runtime));

  static reversi::App app(runtime.theme);
  runtime.app = &app;

#ifdef __EMSCRIPTEN__
  listen_to_the_page();
  emscripten_set_main_loop(browser_loop, 0, true);
#else
  while (runtime.running) {
    run_frame(runtime);
    if (runtime.frames_owed <= 0) SDL_WaitEventTimeout(nullptr, 16);
  }
  app.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(runtime.gl);
  SDL_DestroyWindow(runtime.window);
  SDL_Quit();
#endif
  return 0;
}
