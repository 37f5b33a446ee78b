# Writes OUTPUT (a C header) with the project version and the git commit of
# SOURCE_DIR, at build time so the commit follows new commits without a
# reconfigure; configure_file leaves the file untouched (and nothing
# rebuilds) when neither changed. Outside a git checkout the commit is
# "unknown".
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE PT2C_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR PT2C_GIT_COMMIT STREQUAL "")
  set(PT2C_GIT_COMMIT "unknown")
endif()
execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT changes STREQUAL "" AND NOT PT2C_GIT_COMMIT STREQUAL "unknown")
  string(APPEND PT2C_GIT_COMMIT "-modified")
endif()
configure_file("${INPUT}" "${OUTPUT}" @ONLY)
