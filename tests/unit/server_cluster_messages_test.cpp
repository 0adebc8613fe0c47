// The nodes' own messages (server/cluster_messages.h): the protocol's "type"
// key, a relayed message inside as an object (never encoded twice), and
// anything unreadable refused without an exception.
#include <doctest/doctest.h>

#include "server/cluster_messages.h"

using namespace reversi;
using namespace reversi::server::cluster_wire;
namespace online = reversi::messages::online;

namespace {

ClusterMessage round_trip(const ClusterMessage& message) {
  const std::string text = encode_cluster_message(message);
  INFO(text);
  auto decoded = decode_cluster_message(text);
  REQUIRE_MESSAGE(bool(decoded), decoded.error.message);
  CHECK(encode_cluster_message(*decoded.value) == text);
  return *decoded.value;
}

}  // namespace

TEST_CASE("cluster messages: each one round-trips under the protocol's type key") {
  CHECK(std::get<Alive>(round_trip(Alive{"n1"})).node == "n1");
  CHECK(encode_cluster_message(Sync{"n2"}) == R"({"node":"n2","type":"node-sync"})");

  server::TableSummary summary;
  summary.code = "K7M2QX";
  summary.players = {"p_ada", ""};
  summary.listed = online::server::OpenTableEntry{"K7M2QX", "p_ada", "Ada", 2, online::TableOptions{}};
  summary.transfer_code = "9XK2PW";
  const auto changed = std::get<TableChanged>(round_trip(TableChanged{"n1", summary}));
  CHECK(changed.summary.players == summary.players);
  CHECK(changed.summary.listed == summary.listed);
  CHECK(changed.summary.transfer_code == summary.transfer_code);
  CHECK_FALSE(changed.summary.closed);

  CHECK(std::get<RelayClose>(round_trip(RelayClose{7})).id == 7);
  CHECK(std::get<RelayClosed>(round_trip(RelayClosed{"n2", 7})).from == "n2");
}

TEST_CASE("cluster messages: a relayed message travels as an object, never as text inside text") {
  const online::ClientMessage play = online::client::Play{square_at(5, 4), 0};
  server::RelayStart start{"p_ada", "Ada", true, online::Resume{"K7M2QX", 12}, ""};
  const std::string text = encode_cluster_message(RelayIn{"n1", 16777217, start, play});
  CHECK(text.find(R"("message":{"ply":0,"square":"f5","type":"play"})") != std::string::npos);
  const auto in = std::get<RelayIn>(round_trip(decode_cluster_message(text).value.value()));
  CHECK(in.message == std::optional<online::ClientMessage>(play));
  REQUIRE(in.start);
  CHECK(in.start->resume == start.resume);
  CHECK(in.start->watching);
  CHECK_FALSE(std::get<RelayIn>(round_trip(RelayIn{"n1", 3, std::nullopt, std::nullopt})).message);

  const std::string chat = online::encode_server_message(online::server::Chat{"p_ada", "Ada", "hi", 17, 1});
  const std::string out = encode_cluster_message(RelayOut{3, messages::Json::parse(chat)});
  CHECK(out == R"({"id":3,"message":)" + chat + R"(,"type":"relay-out"})");
  CHECK(messages::dump(std::get<RelayOut>(round_trip(RelayOut{3, messages::Json::parse(chat)})).message) == chat);
}

TEST_CASE("cluster messages: the unreadable are refused, saying where") {
  auto problem = [](std::string_view text) { return decode_cluster_message(text).error.problem; };
  CHECK(problem("not json") == messages::DecodeProblem::Malformed);
  CHECK(problem(R"({"t":"alive","node":"n1"})") == messages::DecodeProblem::MissingField);  // the old key
  CHECK(problem(R"({"type":"gossip"})") == messages::DecodeProblem::UnknownType);
  CHECK(problem(R"({"type":"relay-close","id":-1})") == messages::DecodeProblem::OutOfRange);
  const auto inner = decode_cluster_message(R"({"type":"relay-in","from":"n1","id":1,)"
                                            R"("message":{"type":"play","square":"z9","ply":0}})");
  CHECK(inner.error.problem == messages::DecodeProblem::OutOfRange);
  CHECK(inner.error.message == R"(relay-in.message: play.square: should be a square from "a1" to "h8")");
  CHECK(problem(R"({"type":"relay-out","id":1,"message":"{\"type\":\"chat\"}"})") ==
        messages::DecodeProblem::WrongType);  // text inside text is not read
  CHECK(problem(R"({"type":"table-changed","node":"n1","code":"K7M2QX","players":["a"],"closed":false})") ==
        messages::DecodeProblem::WrongType);
}
