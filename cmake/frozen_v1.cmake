# Hard v1, frozen (src/ai/frozen_v1/hard_v1.h): the reference opponent that
# `reversi-cli match` measures Hard against, with the v1 weights. Only the
# CLI and the tests link it; the browser's AI worker never does.
function(reversi_frozen_v1_library name engine_library)
  file(GLOB sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/ai/frozen_v1/*.cpp")
  add_library(${name} STATIC ${sources})
  target_include_directories(${name} PUBLIC "${CMAKE_SOURCE_DIR}/src")
  target_link_libraries(${name} PUBLIC ${engine_library} PRIVATE reversi_warnings)
  target_compile_options(${name} PRIVATE ${ARGN})
  reversi_embed_pattern_weights(${name} "${CMAKE_SOURCE_DIR}/src/ai/data/pattern_weights.v1.bin"
    pattern_weights_frozen_v1 ai/frozen_v1/pattern_eval.h reversi::frozen_v1 trained_pattern_weights)
endfunction()
