#!/usr/bin/env python3
"""Runs op-corpus cases compiled with --target cuda on the GPU, each against
its eager outputs (test/data/corpus), through pt2c-run and the C ABI.

usage: cuda_op_corpus.py --models DIR --corpus test/data/corpus --runner PT2C_RUN
DIR holds FAMILY/MODEL.so, compiled on the build machine with
  pt2c test/data/corpus/FAMILY.pt2 --model MODEL --target cuda -o DIR/FAMILY/MODEL.so
(the GPU machine has no LLVM). Tolerances are pt2c-run's per-dtype defaults
(docs/design.md). --corpus test/data/opinfo runs PyTorch's OpInfo samples the
same way; a model the manifest marks random (its eager values are not
expected values) passes when it runs. --jobs N runs N cases at once (each
is its own process with its own CUDA context; a process's start dominates a
small case, so the whole OpInfo subset wants several). Prints one line per
case, in order, and a summary; exit 1 on any failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "e2e"))
from check_op_corpus import write_case_npz  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--models", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    failures, count = [], 0
    models = json.load(open(os.path.join(args.corpus, "manifest.json")))["models"]
    with tempfile.TemporaryDirectory() as work:
        cases = []
        for family in sorted(os.listdir(args.models)):
            folder = os.path.join(args.models, family)
            if os.path.isdir(folder):
                cases += [(family, f[:-3]) for f in sorted(os.listdir(folder)) if f.endswith(".so")]

        def run(case):
            family, model = case
            # One file per family and model: two families may hold a
            # model of the same name (reduction/cumsum-f32, scan_long/...).
            sample = os.path.join(work, f"{family}.{model}.npz")
            write_case_npz(os.path.join(args.corpus, family + ".io.npz"), model, sample)
            random = models.get(f"{family}/{model}", {}).get("random", False)
            return subprocess.run([args.runner, "run", os.path.join(args.models, family, model + ".so"),
                                   "--device", "cuda", "--inputs", sample]
                                  + ([] if random else ["--expect", sample]),
                                  capture_output=True, text=True)

        with ThreadPoolExecutor(args.jobs) as pool:
            for (family, model), result in zip(cases, pool.map(run, cases)):
                count += 1
                outcome = "pass" if result.returncode == 0 else "FAIL"
                print(f"{outcome} {family}/{model}")
                if result.returncode != 0:
                    failures.append(f"{family}/{model}")
                    print("  " + (result.stdout + result.stderr).strip()[-800:].replace("\n", "\n  "))
    print(f"cuda op corpus: {count - len(failures)} of {count} cases match eager"
          + (f"; FAILED: {' '.join(failures)}" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
