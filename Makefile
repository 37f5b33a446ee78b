# The two commands a newcomer needs (README.md): `make run` and `make test`.
# Both install missing Debian packages, configure and build first.

BUILD ?= build
JOBS ?= $(shell nproc)
EXAMPLE ?= examples/mlp.pt2
CMAKE_FLAGS ?=

.PHONY: all setup configure build run test bench op-table clean

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

bench: build
	python3 bench/inspect_large_archive.py --pt2c $(BUILD)/bin/pt2c

# docs/op-coverage.md, generated from the decomposition table (a test checks it).
op-table: build
	$(BUILD)/bin/pt2c-op-table docs/op-goal.txt test/data/corpus/manifest.json \
	  test/data/corpus/known-failures.txt > docs/op-coverage.md

clean:
	rm -rf $(BUILD)
