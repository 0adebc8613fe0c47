# The app's words (src/app/lang/*.po, gettext catalogues): tools/lang_catalogues.py
# turns them into lang_catalogue.h (the English texts sorted by key, each
# language's plural rule and number symbols) and one <code>.json per other language,
# which the app loads when that language is chosen. Babel comes from Debian's
# python3-babel, hence /usr/bin's python3.
find_program(REVERSI_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(REVERSI_LANG_DIR "${CMAKE_SOURCE_DIR}/src/app/lang")
set(REVERSI_LANG_HEADER_DIR "${CMAKE_BINARY_DIR}/generated/lang")
set(REVERSI_LANG_JSON_DIR "${CMAKE_BINARY_DIR}/lang")
set(REVERSI_LANG_CATALOGUES "${REVERSI_LANG_JSON_DIR}/de.json" "${REVERSI_LANG_JSON_DIR}/es.json")
file(GLOB reversi_lang_po CONFIGURE_DEPENDS "${REVERSI_LANG_DIR}/*.po")
add_custom_command(
  OUTPUT "${REVERSI_LANG_HEADER_DIR}/lang_catalogue.h" ${REVERSI_LANG_CATALOGUES}
  # Ninja makes an output's folder by itself; Make does not.
  COMMAND ${CMAKE_COMMAND} -E make_directory "${REVERSI_LANG_HEADER_DIR}" "${REVERSI_LANG_JSON_DIR}"
  COMMAND "${REVERSI_DEBIAN_PYTHON}" "${CMAKE_SOURCE_DIR}/tools/lang_catalogues.py" build "${REVERSI_LANG_DIR}"
          "${REVERSI_LANG_HEADER_DIR}/lang_catalogue.h" "${REVERSI_LANG_JSON_DIR}"
  DEPENDS ${reversi_lang_po} "${CMAKE_SOURCE_DIR}/tools/lang_catalogues.py"
  COMMENT "Turning the app's word catalogues into C++ and JSON"
  VERBATIM)
add_custom_target(reversi_lang_catalogues DEPENDS "${REVERSI_LANG_HEADER_DIR}/lang_catalogue.h" ${REVERSI_LANG_CATALOGUES})
target_include_directories(reversi_app_core PUBLIC "${REVERSI_LANG_HEADER_DIR}")
add_dependencies(reversi_app_core reversi_lang_catalogues)
