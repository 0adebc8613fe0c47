#include "app/notice_toast.h"

#include "app/widgets.h"

namespace reversi {

void NoticeToast::draw(const Params& params) {
  constexpr double kFade = 0.25;
  if (params.notices.active()) {
    text_ = params.notices.text();
    fade_started_ = false;
    fading_ = false;
    widgets::toast(params.theme, text_, 1.0f, params.place);
    return;
  }
  if (text_.empty()) return;
  if (!fade_started_) {
    fade_started_ = true;
    fade_until_ = params.now + (params.reduced_motion ? 0 : kFade);
  }
  fading_ = params.now < fade_until_;
  if (fading_)
    widgets::toast(params.theme, text_, static_cast<float>((fade_until_ - params.now) / kFade), params.place);
  else
    text_.clear();
}

}  // namespace reversi
