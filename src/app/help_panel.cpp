// "How to play" (app/help_panel.h).
#include "app/help_panel.h"

#include <imgui.h>

#include "app/help_text.h"
#include "app/widgets.h"

namespace reversi {

HelpPanel::Result HelpPanel::draw(const Params& params) {
  widgets::begin_scroll_region("##help", ImVec2(0, -58));
  for (const HelpSection& section : help_sections()) {
    ImGui::PushFont(params.theme.strong);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
    ImGui::TextWrapped("%s", section.heading);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::TextWrapped("%s", section.body);
    ImGui::Spacing();
  }
  widgets::end_scroll_region();
  return Result{widgets::wide_button("Close", ImGui::GetContentRegionAvail().x, true)};
}

}  // namespace reversi
