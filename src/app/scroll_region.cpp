// The panels' scrolling regions (widgets.h): dragged by a finger or the
// mouse with momentum after it lifts, turned by the wheel as browsers
// scroll (the wheel's pixels, about 100 a notch), paged by keys, with a
// fade and an arrow at an edge beyond which more lies.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/theme.h"
#include "app/widgets.h"
#include "imgui_internal.h"

namespace reversi::widgets {

namespace {

// One scrolling region's drag, kept between frames by the region's id.
struct Drag {
  bool tracking = false;  // the press started in this region
  bool swiping = false;   // it moved far enough to be a swipe, not a tap
  float start_y = 0, start_scroll = 0;
  float last_y = 0;
  float velocity = 0;  // px/s, positive scrolls down the content
  int frame = -1;      // the last frame the region was seen
};
std::map<ImGuiID, Drag>& drags() {
  static std::map<ImGuiID, Drag> all;
  return all;
}
int g_pages = 0;  // a paging request for the region drawn next
bool g_gliding = false;
bool g_dialog_open = false;  // the keys page the dialog's regions, else the screen's
float g_wheel = 0;           // the wheel's pixels since the last frame, not yet taken by a region

// A swipe starts past this many pixels; a shaky tap stays a tap.
constexpr float kSwipeThreshold = 9;
// Momentum dies away by this factor per second.
constexpr float kGlideDecay = 4.0f;

bool pressed_inside(const ImRect& inner) {
  return inner.Contains(ImGui::GetIO().MousePos) &&
         ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
}

// A press on the dialog's fixed bar below the region (Settings' Done, Help's
// Close) that moves on is a swipe of the region too, as a finger expects;
// not on a text field, whose drag selects.
bool pressed_on_bar(const ImGuiWindow& window) {
  const ImGuiContext& context = *ImGui::GetCurrentContext();
  const ImGuiWindow& dialog = *window.RootWindow;
  const ImVec2 point = ImGui::GetIO().MousePos;
  return (dialog.Flags & ImGuiWindowFlags_Modal) && context.HoveredWindow == &dialog &&
         point.y >= window.Pos.y + window.Size.y && dialog.Rect().Contains(point) &&
         (ImGui::GetActiveID() == 0 || !ImGui::GetInputTextState(ImGui::GetActiveID()));
}

void drag_to_scroll() {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImGuiIO& io = ImGui::GetIO();
  Drag& drag = drags()[window->ID];
  const float max_scroll = window->ScrollMax.y;
  const float dt = std::max(io.DeltaTime, 1.0f / 240);
  if (drag.frame != ImGui::GetFrameCount() - 1) drag = Drag{};  // not seen last frame: a new region
  drag.frame = ImGui::GetFrameCount();
  // Page keys are for the dialog, when one is open, not for the screen under it.
  const bool in_dialog = (window->RootWindow->Flags & ImGuiWindowFlags_Modal) != 0;
  if (g_pages != 0 && in_dialog == g_dialog_open) {
    const float page = window->InnerRect.GetHeight() * 0.85f;
    const float target = g_pages == 2 ? max_scroll : g_pages == -2 ? 0 : window->Scroll.y + g_pages * page;
    ImGui::SetScrollY(std::clamp(target, 0.0f, max_scroll));
    g_pages = 0;
  }
  // A press inside the region but not on its scrollbar starts a drag.
  ImRect inner = window->InnerRect;
  if (window->ScrollbarY) inner.Max.x -= ImGui::GetStyle().ScrollbarSize;
  if (io.MouseClicked[0] && (pressed_inside(inner) || pressed_on_bar(*window)))
    drag = Drag{true, false, io.MousePos.y, window->Scroll.y, io.MousePos.y, 0, drag.frame};
  if (drag.tracking && io.MouseDown[0]) {
    const float moved = io.MousePos.y - drag.start_y;
    if (!drag.swiping && std::fabs(moved) > kSwipeThreshold && max_scroll > 0) {
      drag.swiping = true;
      ImGui::ClearActiveID();  // the button under the finger is let go: a swipe is no tap
    }
    if (drag.swiping) {
      ImGui::SetScrollY(std::clamp(drag.start_scroll - moved, 0.0f, max_scroll));
      const float step = (drag.last_y - io.MousePos.y) / dt;
      drag.velocity = drag.velocity * 0.5f + step * 0.5f;
      if (ImGui::GetActiveID() != 0 && ImGui::GetActiveID() != window->ID) ImGui::ClearActiveID();
    }
    drag.last_y = io.MousePos.y;
  } else if (drag.tracking) {
    drag.tracking = false;
    // A flick whose move and release came in one frame is a swipe too: the
    // button it started on must not fire on this release.
    if (!drag.swiping && std::fabs(io.MousePos.y - drag.start_y) > kSwipeThreshold && max_scroll > 0) {
      ImGui::ClearActiveID();
      ImGui::SetScrollY(std::clamp(drag.start_scroll - (io.MousePos.y - drag.start_y), 0.0f, max_scroll));
    }
    if (!drag.swiping) drag.velocity = 0;
    drag.swiping = false;
  }
  if (!drag.tracking && drag.velocity != 0) {
    const float next = std::clamp(window->Scroll.y + drag.velocity * dt, 0.0f, max_scroll);
    ImGui::SetScrollY(next);
    drag.velocity *= std::exp(-kGlideDecay * dt);
    if (std::fabs(drag.velocity) < 15 || next <= 0 || next >= max_scroll) drag.velocity = 0;
  }
  g_gliding = g_gliding || drag.velocity != 0 || drag.swiping;
}

// The fade and arrow at an edge of `region` beyond which more content lies.
void mark_fold(const ImGuiWindow& region) {
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  const ImVec2 min = region.Pos, max(region.Pos.x + region.Size.x, region.Pos.y + region.Size.y);
  const float fade = 34;
  // The colour behind the region: its own when it has one, else the dialog's.
  const ImVec4 own = ImGui::GetStyleColorVec4(ImGuiCol_ChildBg);
  const ImU32 solid = own.w > 0 ? ImGui::GetColorU32(own) : ImGui::GetColorU32(ImGuiCol_PopupBg);
  const ImU32 clear = solid & ~IM_COL32_A_MASK;
  draw_list.PushClipRect(min, max, false);
  const float right = max.x - (region.ScrollbarY ? ImGui::GetStyle().ScrollbarSize : 0);
  const float middle = (min.x + right) * 0.5f;
  if (region.Scroll.y < region.ScrollMax.y - 1) {
    draw_list.AddRectFilledMultiColor(ImVec2(min.x, max.y - fade), ImVec2(right, max.y), clear, clear, solid, solid);
    draw_list.AddTriangleFilled(ImVec2(middle - 9, max.y - 14), ImVec2(middle + 9, max.y - 14),
                                ImVec2(middle, max.y - 5), palette::kCopperBright);
  }
  if (region.Scroll.y > 1) {
    draw_list.AddRectFilledMultiColor(min, ImVec2(right, min.y + fade), solid, solid, clear, clear);
    draw_list.AddTriangleFilled(ImVec2(middle - 9, min.y + 14), ImVec2(middle + 9, min.y + 14),
                                ImVec2(middle, min.y + 5), palette::kCopperBright);
  }
  draw_list.PopClipRect();
}

// The regions being drawn, with the names they are published under.
struct OpenRegion {
  ImGuiWindow* window;
  std::string name;
};
std::vector<OpenRegion>& open_regions() {
  static std::vector<OpenRegion> stack;
  return stack;
}

// The last region ended: the window around it, and its height less its content's.
std::pair<const ImGuiWindow*, float>& last_spare() {
  static std::pair<const ImGuiWindow*, float> spare{nullptr, 0};
  return spare;
}

}  // namespace

void begin_scroll_region(const char* id, ImVec2 size, bool padded) {
  const bool opening = ImGui::IsWindowAppearing();  // the dialog around it
  ImGui::BeginChild(id, size, false,
                    ImGuiWindowFlags_NoNavInputs | (padded ? ImGuiWindowFlags_AlwaysUseWindowPadding : 0));
  if (opening) ImGui::SetScrollY(0);  // a dialog opens at its top, however it was left
  std::string name(id);
  open_regions().push_back({ImGui::GetCurrentWindow(), name.rfind("##", 0) == 0 ? name.substr(2) : name});
  drag_to_scroll();
}

void end_scroll_region() {
  const OpenRegion open = open_regions().back();
  open_regions().pop_back();
  ImGuiWindow* region = open.window;
  const float content = region->DC.CursorMaxPos.y - region->DC.CursorStartPos.y;
  const float padding = (region->Flags & ImGuiWindowFlags_AlwaysUseWindowPadding) ? region->WindowPadding.y * 2 : 0;
  last_spare() = {region->ParentWindow, region->SizeFull.y - padding - content};
  if (auto* registry = static_cast<ControlRegistry*>(ImGui::GetIO().UserData))
    registry->regions[open.name] = ScrollState{region->Scroll.y, region->ScrollMax.y};
  // The wheel turns the innermost region under the pointer that can scroll
  // (inner regions end first), by the wheel's own pixels.
  if (g_wheel != 0 && region->ScrollMax.y > 0 && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows)) {
    ImGui::SetScrollY(std::clamp(region->Scroll.y + g_wheel, 0.0f, region->ScrollMax.y));
    drags()[region->ID].velocity = 0;  // the wheel stops a glide
    g_wheel = 0;
  }
  mark_fold(*region);  // over the region's own content
  ImGui::EndChild();
}

void request_page(int pages) { g_pages = pages; }

void wheel(float pixels) { g_wheel += pixels; }

void begin_scroll_frame(bool dialog_open) {
  g_gliding = false;
  g_dialog_open = dialog_open;
}

void end_frame() {
  // A wheel turn over anything else that scrolls (a list that is no region):
  // the window under the pointer, or the nearest around it that can scroll.
  if (g_wheel == 0) return;
  ImGuiWindow* window = ImGui::GetCurrentContext()->HoveredWindow;
  while (window && (window->ScrollMax.y <= 0 || (window->Flags & ImGuiWindowFlags_NoScrollWithMouse)))
    window = window->ParentWindow;
  if (window) ImGui::SetScrollY(window, std::clamp(window->Scroll.y + g_wheel, 0.0f, window->ScrollMax.y));
  g_wheel = 0;
}

bool scrolling() { return g_gliding; }

std::optional<float> region_spare_in(const ImGuiWindow* window) {
  const auto& [parent, spare] = last_spare();
  if (parent != window) return std::nullopt;
  return spare;
}

}  // namespace reversi::widgets
