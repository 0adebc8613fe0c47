# Files the app loads at run time (fonts), gathered into one folder that the
# desktop build reads directly and the web build preloads as /assets.
function(reversi_copy_assets destination)
  set(font_dir /usr/share/fonts/truetype/noto)
  set(fonts "${font_dir}/NotoSans-Regular.ttf" "${font_dir}/NotoSans-Bold.ttf")
  foreach(font ${fonts})
    if(NOT EXISTS "${font}")
      message(FATAL_ERROR "${font} is missing: run scripts/setup (Debian package fonts-noto-core)")
    endif()
  endforeach()
  add_custom_target(reversi_assets
    COMMAND ${CMAKE_COMMAND} -E make_directory "${destination}/fonts"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${fonts} "${destination}/fonts/"
    VERBATIM)
endfunction()
