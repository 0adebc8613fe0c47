// The notice as a toast over everything: drawn while the game's notice is
// up, then faded out from the first frame that finds it gone (at once with
// reduced motion), with a last frame drawn without it.
#pragma once

#include <string>

#include "app/core/notices.h"
#include "app/theme.h"
#include "app/widgets.h"

namespace reversi {

class NoticeToast {
 public:
  struct Params {
    const Theme& theme;
    const Notices& notices;
    double now = 0;
    bool reduced_motion = false;
    widgets::ToastPlace place = {};  // where the screen has room for it
  };
  void draw(const Params& params);
  // The last frame drew a fading toast: frames are due until one without it.
  bool fading() const { return fading_; }

 private:
  std::string text_;  // the notice last shown, while it fades out
  bool fade_started_ = false;
  double fade_until_ = 0;
  bool fading_ = false;
};

}  // namespace reversi
