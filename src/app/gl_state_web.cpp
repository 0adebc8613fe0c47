// Dear ImGui's OpenGL 3 backend saves and restores the GL state around every
// frame it draws: 14 glGetIntegerv and 5 glIsEnabled calls. In WebGL
// each one is a synchronous round trip to the GPU process that first waits
// for every command queued before it; in Chromium with software GL they cost
// the app about 450 ms before the first board and stalled every frame drawn
// (the same cost is reported upstream as ocornut/imgui#6085).
//
// In this app nothing else changes GL state between the backend's calls but
// the viewport, which main.cpp sets through gl_state::set_viewport, and the
// clear colour, which nobody asks for: the backend restores everything it
// changes before it returns. So the state it asks for between frames is
// constant. The first query of each kind goes to WebGL and the answer is
// remembered; the viewport is followed as it is set. Names the backend asks
// for once at start-up (the GL version, the extensions) go to WebGL every time.
#ifdef __EMSCRIPTEN__

#include "app/gl_state_web.h"

#include <array>
#include <cstddef>

namespace {

struct Remembered {
  GLenum name;
  int count;  // values the query writes
  bool known = false;
  std::array<GLint, 4> values{};
};

// What the backend's state backup asks for (imgui_impl_opengl3.cpp, 1.86).
std::array<Remembered, 14> g_integers = {{
    {GL_ACTIVE_TEXTURE, 1},
    {GL_CURRENT_PROGRAM, 1},
    {GL_TEXTURE_BINDING_2D, 1},
    {GL_SAMPLER_BINDING, 1},
    {GL_ARRAY_BUFFER_BINDING, 1},
    {GL_VERTEX_ARRAY_BINDING, 1},
    {GL_VIEWPORT, 4},
    {GL_SCISSOR_BOX, 4},
    {GL_BLEND_SRC_RGB, 1},
    {GL_BLEND_DST_RGB, 1},
    {GL_BLEND_SRC_ALPHA, 1},
    {GL_BLEND_DST_ALPHA, 1},
    {GL_BLEND_EQUATION_RGB, 1},
    {GL_BLEND_EQUATION_ALPHA, 1},
}};

struct Capability {
  GLenum name;
  bool known = false;
  GLboolean enabled = GL_FALSE;
};
std::array<Capability, 5> g_capabilities = {{
    {GL_BLEND},
    {GL_CULL_FACE},
    {GL_DEPTH_TEST},
    {GL_STENCIL_TEST},
    {GL_SCISSOR_TEST},
}};

Remembered* remembered(GLenum name) {
  for (Remembered& entry : g_integers)
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace

extern "C" void reversi_gl_get_integerv(GLenum name, GLint* values) {
  Remembered* entry = remembered(name);
  if (entry == nullptr) {
    glGetIntegerv(name, values);
    return;
  }
  if (!entry->known) {
    glGetIntegerv(name, entry->values.data());
    entry->known = true;
  }
  for (int index = 0; index < entry->count; ++index) values[index] = entry->values[static_cast<std::size_t>(index)];
}

extern "C" GLboolean reversi_gl_is_enabled(GLenum capability) {
  for (Capability& entry : g_capabilities) {
    if (entry.name != capability) continue;
    if (!entry.known) {
      entry.enabled = glIsEnabled(capability);
      entry.known = true;
    }
    return entry.enabled;
  }
  return glIsEnabled(capability);
}

extern "C" void reversi_gl_viewport(GLint x, GLint y, GLsizei width, GLsizei height) {
  glViewport(x, y, width, height);
  Remembered& viewport = *remembered(GL_VIEWPORT);
  viewport.values = {x, y, width, height};
  viewport.known = true;
}

namespace reversi::gl_state {
void forget() {
  for (Remembered& entry : g_integers) entry.known = false;
  for (Capability& entry : g_capabilities) entry.known = false;
}
}  // namespace reversi::gl_state

#endif  // __EMSCRIPTEN__
