# Files the app loads at run time (fonts), gathered into one folder that the
# desktop build reads directly and the web build preloads as /assets.
#
# The fonts are Debian's Noto Sans (fonts-noto-core) cut down at build time by
# fontTools' pyftsubset (Debian package fonttools) to the characters the app
# can show, now or once players type their own text (nicknames, chat):
#   U+0020-007E, U+00A0-017F  Basic Latin, Latin-1 Supplement, Latin Extended-A
#   U+2000-206F               General Punctuation (dashes, ellipsis, bullet, quotes)
#   U+20AC U+2122 U+2212      euro sign, trade mark, minus sign
#   U+2190-21FF U+25CF        arrows and the black circle (ranges the UI asks for;
#                             Noto Sans has none of them: ImGui draws its fallback)
#   U+FFFD                    the replacement character
# Dropped: hinting (stb_truetype, ImGui's rasteriser, ignores it), the layout
# tables (GSUB/GPOS/GDEF: ImGui 1.86 does not shape text) and glyph names; kept:
# the copyright and licence strings (name IDs 0, 13, 14) the SIL OFL asks for.
# Two 510 KB files become two of about 27 KB, which is most of reversi.data.
set(REVERSI_FONT_UNICODES
  "U+0020-007E,U+00A0-017F,U+2000-206F,U+20AC,U+2122,U+2212,U+2190-21FF,U+25CF,U+FFFD")

function(reversi_copy_assets destination)
  set(font_dir /usr/share/fonts/truetype/noto)
  set(font_names NotoSans-Regular.ttf NotoSans-Bold.ttf)
  find_program(REVERSI_PYFTSUBSET pyftsubset)
  if(NOT REVERSI_PYFTSUBSET)
    message(FATAL_ERROR "pyftsubset is missing: run scripts/setup (Debian package fonttools)")
  endif()
  set(outputs)
  foreach(name ${font_names})
    set(font "${font_dir}/${name}")
    if(NOT EXISTS "${font}")
      message(FATAL_ERROR "${font} is missing: run scripts/setup (Debian package fonts-noto-core)")
    endif()
    set(output "${destination}/fonts/${name}")
    add_custom_command(OUTPUT "${output}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${destination}/fonts"
      COMMAND "${REVERSI_PYFTSUBSET}" "${font}" "--output-file=${output}"
        "--unicodes=${REVERSI_FONT_UNICODES}" --layout-features= --no-hinting
        --name-IDs=0,1,2,3,4,5,6,13,14 --drop-tables+=DSIG,GSUB,GPOS,GDEF,kern
        --notdef-outline --recommended-glyphs
      DEPENDS "${font}" "${CMAKE_CURRENT_FUNCTION_LIST_FILE}"
      COMMENT "Subsetting ${name}"
      VERBATIM)
    list(APPEND outputs "${output}")
  endforeach()
  add_custom_target(reversi_assets DEPENDS ${outputs})
  # The web build packs these into reversi.data at link time: it relinks when they change.
  set(REVERSI_ASSET_FILES ${outputs} PARENT_SCOPE)
endfunction()
