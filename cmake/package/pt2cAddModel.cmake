# pt2c_add_model(NAME ARCHIVE [OUTPUT FILE] [TARGET cpu|cuda|cpu,cuda] [ARGS ...])
#
# Compiles ARCHIVE (a torch.export .pt2; relative to the current source
# folder) with pt2c::pt2c at build time into a model library, and makes
# NAME an IMPORTED SHARED library target for it: link it
# (`target_link_libraries(app PRIVATE NAME)`: the program calls pt2c_* and
# needs pt2c.h, which NAME brings) or take its path for dlopen with
# $<TARGET_FILE:NAME>; either way it is compiled first.
#   OUTPUT  the library's path (relative to the current binary folder);
#           default NAME.so there. Its file name is its SONAME, the name a
#           program linked against it looks for.
#   TARGET  pt2c's --target (default cpu); cuda needs the CUDA toolkit at
#           build time.
#   ARGS    any other pt2c options (--cpu x86-64-v4, --weights external,
#           --metadata owner=me, ...).
# The library is compiled again when the archive or pt2c changes. NAME is
# visible in the calling folder and below, like any IMPORTED target.
function(pt2c_add_model name archive)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "OUTPUT;TARGET" "ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pt2c_add_model(${name}): unknown arguments "
                        "'${arg_UNPARSED_ARGUMENTS}' (expected OUTPUT, TARGET, ARGS)")
  endif()
  if(TARGET ${name})
    message(FATAL_ERROR "pt2c_add_model(${name}): a target named ${name} exists already")
  endif()
  get_filename_component(archive "${archive}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${archive}")
    message(FATAL_ERROR "pt2c_add_model(${name}): ${archive} does not exist")
  endif()
  if(NOT arg_OUTPUT)
    set(arg_OUTPUT "${name}.so")
  endif()
  get_filename_component(output "${arg_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(soname "${output}" NAME)
  if(NOT arg_TARGET)
    set(arg_TARGET cpu)
  endif()

  add_custom_command(
    OUTPUT "${output}"
    COMMAND pt2c::pt2c "${archive}" -o "${output}" --target "${arg_TARGET}" ${arg_ARGS}
    DEPENDS "${archive}" "$<TARGET_FILE:pt2c::pt2c>"
    COMMENT "pt2c: compiling ${archive} into ${soname}"
    VERBATIM)
  add_custom_target(${name}.pt2c ALL DEPENDS "${output}")

  add_library(${name} SHARED IMPORTED)
  set_target_properties(${name} PROPERTIES
    IMPORTED_LOCATION "${output}"
    IMPORTED_SONAME "${soname}"
    INTERFACE_LINK_LIBRARIES pt2c::runtime_headers)
  # Whatever links NAME (or uses its file) builds after the compile.
  add_dependencies(${name} ${name}.pt2c)
endfunction()
