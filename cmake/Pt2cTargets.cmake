# Helpers that give every pt2c target the same flags.

# pt2c_add_library(NAME SOURCES... [DEPS lib...])
#   A static library with explicit dependencies, so the layering of
#   docs/design.md ("Layering": Archive knows nothing of MLIR, ...) is
#   visible here.
function(pt2c_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;TABLEGEN" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  if(ARG_TABLEGEN)
    add_dependencies(${name} ${ARG_TABLEGEN})
  endif()
  pt2c_set_warnings(${name})
endfunction()

function(pt2c_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
