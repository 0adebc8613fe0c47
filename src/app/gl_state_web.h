// What Dear ImGui's OpenGL 3 backend asks of GL, answered without asking
// WebGL each frame (gl_state_web.cpp). Browser build only.
#pragma once

#ifdef __EMSCRIPTEN__

#include <GLES3/gl3.h>

extern "C" {
// Compiled in place of glGetIntegerv, glIsEnabled and glViewport in
// imgui_impl_opengl3.cpp (cmake/imgui.cmake).
void reversi_gl_get_integerv(GLenum name, GLint* values);
GLboolean reversi_gl_is_enabled(GLenum capability);
void reversi_gl_viewport(GLint x, GLint y, GLsizei width, GLsizei height);
}

namespace reversi::gl_state {
// The app's own viewport (main.cpp), so that the one remembered stays true.
inline void set_viewport(int x, int y, int width, int height) { reversi_gl_viewport(x, y, width, height); }
// A new context starts from GL's defaults: everything remembered is dropped.
void forget();
}  // namespace reversi::gl_state

#endif  // __EMSCRIPTEN__
