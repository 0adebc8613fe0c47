// The GL entry points SDL looks up by name in the browser.
//
// SDL's Emscripten video driver finds GL and EGL functions through
// eglGetProcAddress. Emscripten's own version (libGL's libprocaddr.c) is a
// table of every WebGL 1 and 2 function, so linking it brings all of them into
// reversi.js and reversi.wasm: about 50 KB of JavaScript the app never calls.
// The app draws through Dear ImGui's OpenGL ES 3 backend, which calls GL
// directly; by name SDL only asks for the few functions below (SDL_video.c:
// extension and attribute queries, the default framebuffer), so this
// definition, which the linker takes before the library's, answers those and
// nothing else. A name it does not know gets nullptr, which SDL handles as a
// missing function (its GLES2 renderer, which the app does not create, would
// report which one).
#ifdef __EMSCRIPTEN__

#include <GLES3/gl3.h>

#include <cstring>

namespace {

struct NamedFunction {
  const char* name;
  void* address;
};

template <typename Function>
void* address_of(Function* function) {
  return reinterpret_cast<void*>(function);
}

}  // namespace

extern "C" void* eglGetProcAddress(const char* name) {
  static const NamedFunction kFunctions[] = {
      {"glGetString", address_of(&glGetString)},
      {"glGetStringi", address_of(&glGetStringi)},
      {"glGetIntegerv", address_of(&glGetIntegerv)},
      {"glGetError", address_of(&glGetError)},
      {"glBindFramebuffer", address_of(&glBindFramebuffer)},
      {"glGetFramebufferAttachmentParameteriv", address_of(&glGetFramebufferAttachmentParameteriv)},
  };
  if (name == nullptr) return nullptr;
  for (const NamedFunction& function : kFunctions)
    if (std::strcmp(function.name, name) == 0) return function.address;
  return nullptr;
}

#endif  // __EMSCRIPTEN__
