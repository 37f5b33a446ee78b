#!/usr/bin/env bash
# Installs the Debian 12 packages pt2c builds and tests with, if any is missing.
# Used by `make run`, `make test` and .ci/run; safe to run again (no-op when
# everything is there). LLVM/MLIR 22 come from bookworm-security.
set -euo pipefail

PACKAGES=(
  cmake ninja-build python3 binutils            # binutils: readelf/objdump in the e2e checks
  pkg-config                                 # the install test reads the installed pt2c.pc
  llvm-22-dev libmlir-22-dev mlir-22-tools   # MLIR, LLVM, mlir-tblgen, lit-22, FileCheck-22
  clang-22 lld-22 liblld-22-dev              # compiler (faster than g++ on MLIR headers), linker
  libclang-rt-22-dev                         # AddressSanitizer/UBSan runtimes: make test-sanitized
  libcli11-dev libspdlog-dev catch2 libdlpack-dev zlib1g-dev libzstd-dev
  valgrind                                   # the e2e leak check over 10,000 runs
  # The Python package (python/): its test installs it into a venv offline,
  # built by the system's setuptools (+ wheel, which pip's build needs), and
  # runs it on numpy arrays.
  python3-venv python3-setuptools python3-wheel python3-numpy
)

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
