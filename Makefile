# The two commands a newcomer needs (README.md): `make run` and `make test`.
# Both install missing Debian packages, configure and build first.

BUILD ?= build
JOBS ?= $(shell nproc)
EXAMPLE ?= examples/mlp.pt2
CMAKE_FLAGS ?=

.PHONY: all setup configure build run test test-sanitized fuzz bench op-table clean

all: build

setup:
	@./tools/install-deps.sh

$(BUILD)/build.ninja: | setup
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
	  $(CMAKE_FLAGS)

configure: setup $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The main job on the bundled example: what the archive holds, compile it to
# a shared library, and run that through the C ABI against eager PyTorch's
# outputs stored next to it.
run: build
	$(BUILD)/bin/pt2c inspect $(EXAMPLE)
	$(BUILD)/bin/pt2c $(EXAMPLE) -o $(BUILD)/example.so -v
	$(BUILD)/bin/pt2c-run run $(BUILD)/example.so --inputs $(EXAMPLE:.pt2=.io.npz) --expect $(EXAMPLE:.pt2=.io.npz)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# in a second folder (the compiler, the tools, the tests and the runtime
# every test model links): any finding, leaks included, fails its test.
# allow_user_poisoning=0: LLVM's headers poison and unpoison allocator
# memory when the including code is instrumented, but Debian's LLVM/MLIR
# libraries are not, so their half of that protocol is missing and every
# MLIR attribute lookup would be reported as a use after poison.
SANITIZED_BUILD ?= build-sanitized
test-sanitized: setup
	cmake -G Ninja -S . -B $(SANITIZED_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
	  -DPT2C_SANITIZE=address,undefined $(CMAKE_FLAGS)
	cmake --build $(SANITIZED_BUILD) -j $(JOBS)
	cd $(SANITIZED_BUILD) && \
	  ASAN_OPTIONS=allow_user_poisoning=0:detect_stack_use_after_return=1:strict_string_checks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

# libFuzzer targets (fuzz/README.md) built in their own folder with
# PT2C_FUZZ (every library instrumented and sanitized), seeded from the
# fixtures, each run FUZZ_SECONDS; any crash fails with the input saved
# under $(FUZZ_BUILD)/findings.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = pt2c-fuzz-archive pt2c-fuzz-compile pt2c-fuzz-inputs
fuzz: setup
	cmake -G Ninja -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
	  -DPT2C_FUZZ=ON $(CMAKE_FLAGS)
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(FUZZ_TARGETS)
	python3 fuzz/make_seeds.py $(FUZZ_BUILD)/seeds
	fuzz/run_fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

bench: build
	python3 bench/inspect_large_archive.py --pt2c $(BUILD)/bin/pt2c

# docs/op-coverage.md, generated from the decomposition table (a test checks it).
op-table: build
	$(BUILD)/bin/pt2c-op-table docs/op-goal.txt test/data/corpus/manifest.json \
	  test/data/corpus/known-failures.txt docs/aten-overloads.tsv > docs/op-coverage.md

clean:
	rm -rf $(BUILD)
