// "How to play" (app/help_panel.h).
#include "app/help_panel.h"

#include <imgui.h>

#include "app/core/words.h"
#include "app/help_text.h"
#include "app/widgets.h"

namespace reversi {

HelpPanel::Result HelpPanel::draw(const Params& params) {
  widgets::begin_scroll_region("##help", ImVec2(0, -58));
  for (const HelpSection& section : help_sections()) {
    ImGui::PushFont(params.theme.strong);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
    ImGui::TextWrapped("%s", tr(section.heading));
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::TextWrapped("%s", tr(section.body));
    ImGui::Spacing();
  }
  widgets::end_scroll_region();
  return Result{widgets::wide_button(tr("Close"), ImGui::GetContentRegionAvail().x, true)};
}

}  // namespace reversi
