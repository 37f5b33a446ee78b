# `cmake --install build [--prefix DIR]`: what a user of pt2c needs.
#   bin/pt2c, bin/pt2c-run          the compiler and the runner
#   lib/pt2c/libpt2c_runtime.a      the runtime every model links, with its
#   lib/pt2c/pt2c.map                 version script; pt2c finds both there
#                                     from its own location (RuntimeLocation.h)
#   include/pt2c/pt2c.h             the models' C ABI (needs DLPack's header)
#   lib/cmake/pt2c/                 find_package(pt2c): pt2c::runtime_headers,
#                                     pt2c_add_model (cmake/package/)
#   lib/pkgconfig/pt2c.pc           pkg-config --cflags pt2c
# Plain "lib", not GNUInstallDirs' multiarch libdir: pt2c looks for its
# runtime at ../lib/pt2c from bin/, whatever the prefix.
include(CMakePackageConfigHelpers)

set(PT2C_INSTALL_BINDIR bin)
set(PT2C_INSTALL_INCLUDEDIR include)
set(PT2C_INSTALL_RUNTIMEDIR lib/pt2c)
set(PT2C_INSTALL_CMAKEDIR lib/cmake/pt2c)
set(PT2C_INSTALL_PKGCONFIGDIR lib/pkgconfig)

# The tools keep the rpath to LLVM/MLIR's folder (/usr/lib/llvm-22/lib),
# which the loader does not search by itself; build-tree paths are dropped.
set_target_properties(pt2c pt2c-run PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS pt2c pt2c-run RUNTIME DESTINATION ${PT2C_INSTALL_BINDIR})
install(TARGETS pt2c_runtime ARCHIVE DESTINATION ${PT2C_INSTALL_RUNTIMEDIR})
install(FILES ${PT2C_RUNTIME_VERSION_SCRIPT} DESTINATION ${PT2C_INSTALL_RUNTIMEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/pt2c/pt2c.h
        DESTINATION ${PT2C_INSTALL_INCLUDEDIR}/pt2c)

set(package ${PROJECT_BINARY_DIR}/package)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/package/pt2cConfig.cmake.in ${package}/pt2cConfig.cmake
  INSTALL_DESTINATION ${PT2C_INSTALL_CMAKEDIR}
  PATH_VARS PT2C_INSTALL_BINDIR PT2C_INSTALL_INCLUDEDIR PT2C_INSTALL_RUNTIMEDIR)
# 0.x: a minor release may change what the package gives.
write_basic_package_version_file(${package}/pt2cConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${package}/pt2cConfig.cmake ${package}/pt2cConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/package/pt2cAddModel.cmake
        DESTINATION ${PT2C_INSTALL_CMAKEDIR})

configure_file(${PROJECT_SOURCE_DIR}/cmake/package/pt2c.pc.in ${package}/pt2c.pc @ONLY)
install(FILES ${package}/pt2c.pc DESTINATION ${PT2C_INSTALL_PKGCONFIGDIR})
