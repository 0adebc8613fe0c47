#include "messages/commands.h"

#include "engine/notation.h"

namespace reversi::messages {
namespace {

// The commands that carry nothing but their type, by name.
template <class Plain>
Decoded<Command> plain() {
  return Decoded<Command>::success(Command{Plain{}});
}

}  // namespace

std::string_view command_type(const Command& command) { return kCommandTypes[command.index()]; }

Json command_to_json(const Command& command) {
  Json message = {{"type", command_type(command)}};
  if (const auto* new_game = std::get_if<commands::NewGame>(&command)) {
    Json options = Json::object();
    const OptionsPatch& patch = new_game->options;
    if (patch.mode) options["mode"] = spell(kModes, *patch.mode);
    if (patch.strength) options["strength"] = spell(kStrengths, *patch.strength);
    if (patch.colour) options["color"] = spell(kColourChoices, *patch.colour);
    if (patch.variant) options["start"] = spell(kVariants, *patch.variant);
    if (patch.match_length) options["matchLength"] = *patch.match_length;
    if (patch.clock) options["clock"] = *patch.clock;
    message["options"] = options;
  } else if (const auto* play = std::get_if<commands::Play>(&command)) {
    message["square"] = square_name(play->square);
    if (play->ply) message["ply"] = *play->ply;
  } else if (const auto* sound = std::get_if<commands::SetSound>(&command)) {
    message["on"] = sound->on;
  } else if (const auto* language = std::get_if<commands::SetLanguage>(&command)) {
    message["language"] = language->language;
  } else if (const auto* sign_in = std::get_if<commands::SignIn>(&command)) {
    message["token"] = sign_in->token;
  } else if (const auto* open = std::get_if<commands::OpenTable>(&command)) {
    message["options"] = online::table_options_to_json(open->options);
    message["private"] = open->is_private;
  } else if (const auto* join = std::get_if<commands::JoinTable>(&command)) {
    message["table"] = join->code;
  }
  return message;
}

std::string encode_command(const Command& command) { return dump(command_to_json(command)); }

Decoded<Command> decode_command(const Json& message, std::string_view type) {
  const std::string where(type.substr(0, 40));
  if (type == "new-game") {
    commands::NewGame command;
    if (message.contains("options") && !message["options"].is_null()) {
      Decoded<OptionsPatch> options = options_patch_from_json(message["options"], where + ": 'options'");
      if (!options) return Decoded<Command>::failure(options.error);
      command.options = *options.value;
    }
    return Decoded<Command>::success(command);
  }
  if (type == "play") {
    commands::Play command;
    FieldReader reader(message, where);
    reader.read_square("square", command.square);
    reader.read_optional("ply", command.ply, 0, 200);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "set-sound") {
    commands::SetSound command;
    FieldReader reader(message, where);
    reader.read("on", command.on);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "set-language") {
    commands::SetLanguage command;
    FieldReader reader(message, where);
    reader.read("language", command.language, 35);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "sign-in") {
    commands::SignIn command;
    FieldReader reader(message, where);
    reader.read("token", command.token, 2048);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "open-table") {
    commands::OpenTable command;
    FieldReader reader(message, where);
    if (reader.has("options")) {
      Decoded<online::TableOptions> options = online::table_options_from_json(message["options"], where + ".options");
      if (!options) return Decoded<Command>::failure(options.error);
      command.options = *options.value;
    }
    if (reader.has("private")) reader.read("private", command.is_private);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "join-table") {
    commands::JoinTable command;
    FieldReader reader(message, where);
    reader.read("table", command.code, 16);
    if (!reader.ok()) return Decoded<Command>::failure(reader.error());
    return Decoded<Command>::success(command);
  }
  if (type == "leave-table") return plain<commands::LeaveTable>();
  if (type == "undo") return plain<commands::Undo>();
  if (type == "redo") return plain<commands::Redo>();
  if (type == "resign") return plain<commands::Resign>();
  if (type == "next-game") return plain<commands::NextGame>();
  if (type == "pause") return plain<commands::Pause>();
  if (type == "resume") return plain<commands::Resume>();
  if (type == "get-state") return plain<commands::GetState>();
  return Decoded<Command>::failure(DecodeProblem::UnknownType, "unknown message type '" + where + "'");
}

Decoded<Command> decode_command(std::string_view text) {
  Decoded<Json> message = parse_object(text, kMaxMessageBytes, "command");
  if (!message) return Decoded<Command>::failure(message.error);
  if (auto problem = check_version(*message.value, "v", kProtocolVersion, false, "command"))
    return Decoded<Command>::failure(*problem);
  FieldReader reader(*message.value, "command");
  std::string type;
  reader.read("type", type, 64);
  if (!reader.ok()) return Decoded<Command>::failure(reader.error());
  return decode_command(*message.value, type);
}

}  // namespace reversi::messages
