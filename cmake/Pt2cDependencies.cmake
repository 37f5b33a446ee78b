# Finds every dependency; all are Debian 12 packages (see tools/install-deps.sh).

# Debian installs LLVM/MLIR 22 configs under /usr/lib/llvm-22 without the
# /usr/lib/cmake symlinks, so a plain find_package(MLIR) fails
# (docs/toolchain.md, "Build").
list(APPEND CMAKE_PREFIX_PATH /usr/lib/llvm-22)
find_package(MLIR REQUIRED CONFIG)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "pt2c needs LLVM/MLIR 22, found ${LLVM_PACKAGE_VERSION} (install llvm-22-dev libmlir-22-dev)")
endif()
message(STATUS "Using MLIR ${LLVM_PACKAGE_VERSION} from ${MLIR_DIR}")
list(APPEND CMAKE_MODULE_PATH "${MLIR_CMAKE_DIR}" "${LLVM_CMAKE_DIR}")
include(TableGen)
include(AddLLVM)
include(AddMLIR)
include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
separate_arguments(PT2C_LLVM_DEFINITIONS NATIVE_COMMAND ${LLVM_DEFINITIONS})
add_definitions(${PT2C_LLVM_DEFINITIONS})

find_package(CLI11 CONFIG REQUIRED)
find_package(spdlog REQUIRED)
find_package(Catch2 REQUIRED)
find_package(ZLIB REQUIRED)

find_program(PT2C_LIT NAMES lit-22 lit PATHS /usr/lib/llvm-22/bin REQUIRED)
find_program(PT2C_FILECHECK NAMES FileCheck-22 FileCheck PATHS /usr/lib/llvm-22/bin REQUIRED)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
