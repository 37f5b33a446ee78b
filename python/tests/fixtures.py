"""What the package's tests share: where the fixtures are (test/data of the
source tree), compiling them once per process, their eager outputs.

Environment:
  PT2C_COMPILER    the pt2c binary (the package's own lookup; else PATH)
  PT2C_TEST_DATA   the fixtures folder (default: ../../test/data from here)
  PT2C_TEST_WORK   where compiled libraries go (default: a temporary folder)
  PT2C_TEST_EXPECT_PACKAGE_IN   if set, pt2c must be imported from under it
                   (ctest: the virtual environment it was installed into)

Run as a program, it compiles what test_torch_cuda.py runs for CUDA, for a
GPU machine without LLVM (python/README.md, "Tests"):
  PYTHONPATH=python PT2C_COMPILER=build/bin/pt2c python3 python/tests/fixtures.py DIR
"""
import os
import sys
import tempfile
import threading

import pt2c

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.environ.get("PT2C_TEST_DATA") or os.path.join(HERE, "..", "..", "test", "data")
WORK = os.environ.get("PT2C_TEST_WORK") or tempfile.mkdtemp(prefix="pt2c-python-tests-")
os.makedirs(WORK, exist_ok=True)

_expected_home = os.environ.get("PT2C_TEST_EXPECT_PACKAGE_IN")
if _expected_home and not os.path.realpath(pt2c.__file__).startswith(
        os.path.realpath(_expected_home) + os.sep):
    raise ImportError(f"testing pt2c from {pt2c.__file__}, "
                      f"not the copy installed in {_expected_home}")

# Corpus cases (test/data/corpus/FAMILY.pt2 holds one program per case).
CORPUS = {
    "sym_size": ("convert", "sym_size-f32"),  # an output dim computed from a symbol: 2*s33
    "softmax_bf16": ("activation", "_softmax-bf16"),
}

# What test_torch_cuda.py loads from PT2C_TEST_CUDA_MODELS, as NAME.so.
CUDA_FIXTURES = ("mlp", "mlp_dynamic", "sym_size", "softmax_bf16")

_compiled = {}
_compiling = threading.Lock()


def archive(name):
    """The .pt2 of a fixture, and the program name within it (or None)."""
    if name in CORPUS:
        family, model = CORPUS[name]
        return os.path.join(DATA, "corpus", family + ".pt2"), model
    return os.path.join(DATA, name + ".pt2"), None


def library(name, **options):
    """Compiles fixture `name` with pt2c.compile (once per options) and
    returns the library's path."""
    key = (name, tuple(sorted(options.items())))
    with _compiling:
        if key not in _compiled:
            source, model = archive(name)
            suffix = "".join(f".{k}-{v}" for k, v in sorted(options.items()))
            output = os.path.join(WORK, f"{name}{suffix}.so")
            _compiled[key] = pt2c.compile(source, output, model=model, **options)
        return _compiled[key]


def samples(name):
    """[(inputs, expected outputs)], numpy arrays from NAME.io*.npz (eager
    PyTorch on the CPU, float32 for 16-bit models)."""
    import numpy
    if name in CORPUS:
        family, model = CORPUS[name]
        paths, prefix = [os.path.join(DATA, "corpus", family + ".io.npz")], model + "."
    else:
        paths = sorted(os.path.join(DATA, f) for f in os.listdir(DATA)
                       if f.startswith(name + ".io") and f.endswith(".npz"))
        prefix = ""
    result = []
    for path in paths:
        with numpy.load(path) as arrays:
            def series(kind):
                found, index = [], 0
                while f"{prefix}{kind}{index}" in arrays.files:
                    found.append(arrays[f"{prefix}{kind}{index}"])
                    index += 1
                return found
            result.append((series("in"), series("out")))
    return result


def run_in_threads(work, count=4):
    """Runs work(0) .. work(count - 1) on threads of their own at once and
    waits for them all."""
    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def tolerance(dtype):
    """(atol, rtol) against eager outputs, per dtype (docs/runtime.md,
    pt2c-run): |got - expected| <= atol + rtol * |expected|."""
    return {"bfloat16": (1.6e-2, 1e-2), "float16": (1e-3, 1e-3)}.get(dtype, (1e-4, 1e-4))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: fixtures.py DIR   (compiles the CUDA fixtures into DIR/NAME.so)")
    os.makedirs(sys.argv[1], exist_ok=True)
    for fixture in CUDA_FIXTURES:
        source, program = archive(fixture)
        print(pt2c.compile(source, os.path.join(sys.argv[1], fixture + ".so"), model=program,
                           target="cuda"))
