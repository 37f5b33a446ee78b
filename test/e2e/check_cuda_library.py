#!/usr/bin/env python3
"""What CI can check of a CUDA model without a GPU (issue #4, Testing).

usage: check_cuda_library.py PT2C PT2C_RUN DATA_DIR WORK_DIR NAME TARGETS [MODEL]

Compiles the fixture with --target TARGETS (cuda or cpu,cuda); with MODEL,
that model of the multi-model archive NAME (an op-corpus family, its inputs
and eager outputs taken from NAME.io.npz). pt2c itself
assembles every kernel's PTX with ptxas for each architecture, so a
successful compile means every PTX assembles. Then:
- two compiles give the same bytes, and the library links no CUDA library
  (the runtime opens libcuda with dlopen): NEEDED is libc/libm/... only;
- where no NVIDIA driver is installed (CI), creating the model for CUDA
  fails cleanly: exit 2 and a message naming the driver;
- with cpu in TARGETS, the same library still runs on the CPU and matches
  eager PyTorch's outputs.
Exits 77 (skipped) when the CUDA toolkit is not installed.
"""
import glob
import os
import shutil
import subprocess
import sys

from check_op_corpus import write_case_npz
from library_checks import compile_and_check

SKIP = 77


def toolkit_present():
    roots = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")] + ["/usr/local/cuda"]
    return any(r and os.path.exists(os.path.join(r, "nvvm", "libdevice", "libdevice.10.bc")) and
               os.access(os.path.join(r, "bin", "ptxas"), os.X_OK) for r in roots)


def driver_present():
    for path in ("/usr/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib64/libcuda.so.1",
                 "/usr/local/cuda/compat/libcuda.so.1"):
        if os.path.exists(path):
            return True
    return shutil.which("nvidia-smi") is not None


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    pt2c, runner, data, work, name, targets = sys.argv[1:7]
    model = sys.argv[7] if len(sys.argv) > 7 else None
    if not toolkit_present():
        print("skipped: no CUDA toolkit (libdevice and ptxas) here")
        return SKIP
    os.makedirs(work, exist_ok=True)
    archive = os.path.join(data, name + ".pt2")
    stem = f"{model or name}.{targets.replace(',', '-')}"
    first = compile_and_check(pt2c, archive, work, stem,
                              ["--target", targets] + (["--model", model] if model else []))
    if not first:
        return 1
    if model:
        sample = os.path.join(work, model + ".npz")
        write_case_npz(os.path.join(data, name + ".io.npz"), model, sample)
    else:
        sample = sorted(glob.glob(os.path.join(data, name + ".io*.npz")))[0]
    if not driver_present():
        code, text = run([runner, "run", first, "--device", "cuda", "--inputs", sample])
        print(text.strip())
        if code != 2 or "driver" not in text:
            print(f"{name}: FAIL: without a driver, --device cuda should exit 2 naming the driver")
            return 1
        # bench --resident needs the driver too, and says so the same way.
        code, text = run([runner, "bench", first, "--device", "cuda", "--resident",
                          "--inputs", sample, "--runs", "1"])
        if code != 2 or "driver" not in text:
            print(text.strip())
            print(f"{name}: FAIL: without a driver, bench --resident should exit 2 naming it")
            return 1
    if "cpu" in targets.split(","):
        code, text = run([runner, "run", first, "--inputs", sample, "--expect", sample])
        if code != 0:
            print(text)
            print(f"{name}: FAIL: the cpu,cuda library does not match on the CPU")
            return 1
    print(f"{name}: ok (--target {targets}: PTX assembled for every arch, deterministic, "
          "no CUDA library linked, clean refusal without a driver)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
