# The pattern weights are data (src/ai/data/*.bin, written by reversi-train
# fit; docs/tuning.md has the recipe). tools/embed_weights.py checks a file's
# checksum and turns it into C++ at build time, natively and for Emscripten
# alike (it runs on the build machine); a damaged file fails the build.
find_program(REVERSI_PYTHON3 NAMES python3 REQUIRED)

# Generates OUTPUT_NAME.cpp in the build tree from DATA_FILE and adds it to
# TARGET. The other arguments name the header with PatternWeights and the
# constants the generated static_asserts check, its namespace and the
# function that returns the weights.
function(reversi_embed_pattern_weights target data_file output_name header namespace function)
  set(output "${CMAKE_BINARY_DIR}/generated/${output_name}.cpp")
  if(NOT TARGET reversi_weights_${output_name})
    add_custom_command(
      OUTPUT "${output}"
      # Ninja makes an output's folder by itself; Make does not.
      COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/generated"
      COMMAND "${REVERSI_PYTHON3}" "${CMAKE_SOURCE_DIR}/tools/embed_weights.py" "${data_file}" "${output}"
              --include "${header}" --namespace "${namespace}" --function "${function}"
      DEPENDS "${data_file}" "${CMAKE_SOURCE_DIR}/tools/embed_weights.py"
      COMMENT "Checking and embedding ${data_file}"
      VERBATIM)
    add_custom_target(reversi_weights_${output_name} DEPENDS "${output}")
  endif()
  target_sources(${target} PRIVATE "${output}")
  add_dependencies(${target} reversi_weights_${output_name})
endfunction()
