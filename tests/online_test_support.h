// The socket of the online tests (app/core/online_connection.h's
// OnlineLink): records what the code under test does with it, and decodes
// what it sent (a message the codec refuses fails the test).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <variant>
#include <vector>

#include "app/core/online_connection.h"
#include "messages/table_messages.h"

namespace reversi::testing {

class FakeLink final : public OnlineLink {
 public:
  bool is_online = true;
  int opens = 0;
  int closes = 0;
  std::vector<std::string> sent;

  bool online() const override { return is_online; }
  void open() override { ++opens; }
  void send(const std::string& text) override { sent.push_back(text); }
  void close() override { ++closes; }

  // Everything sent, decoded.
  std::vector<messages::online::ClientMessage> messages() const {
    std::vector<messages::online::ClientMessage> all;
    for (const std::string& text : sent) {
      messages::Decoded<messages::online::ClientMessage> decoded = messages::online::decode_client_message(text);
      INFO(text);
      REQUIRE_MESSAGE(bool(decoded), decoded.error.message);
      all.push_back(*decoded.value);
    }
    return all;
  }
  messages::online::ClientMessage last() const {
    REQUIRE(!sent.empty());
    return messages().back();
  }
  template <class T>
  T last_as() const {
    const messages::online::ClientMessage message = last();
    INFO(sent.back());
    REQUIRE(std::holds_alternative<T>(message));
    return std::get<T>(message);
  }
};

}  // namespace reversi::testing
