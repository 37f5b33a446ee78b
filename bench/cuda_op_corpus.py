#!/usr/bin/env python3
"""Runs op-corpus cases compiled with --target cuda on the GPU, each against
its eager outputs (test/data/corpus), through pt2c-run and the C ABI.

usage: cuda_op_corpus.py --models DIR --corpus test/data/corpus --runner PT2C_RUN
DIR holds FAMILY/MODEL.so, compiled on the build machine with
  pt2c test/data/corpus/FAMILY.pt2 --model MODEL --target cuda -o DIR/FAMILY/MODEL.so
(the GPU machine has no LLVM). Tolerances are pt2c-run's per-dtype defaults
(docs/design.md). --corpus test/data/opinfo runs PyTorch's OpInfo samples the
same way; a model the manifest marks random (its eager values are not
expected values) passes when it runs. Prints one line per case and a
summary; exit 1 on any failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "e2e"))
from check_op_corpus import write_case_npz  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--models", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--runner", required=True)
    args = parser.parse_args()
    failures, count = [], 0
    models = json.load(open(os.path.join(args.corpus, "manifest.json")))["models"]
    with tempfile.TemporaryDirectory() as work:
        for family in sorted(os.listdir(args.models)):
            folder = os.path.join(args.models, family)
            if not os.path.isdir(folder):
                continue
            io_npz = os.path.join(args.corpus, family + ".io.npz")
            for library in sorted(f for f in os.listdir(folder) if f.endswith(".so")):
                model = library[:-3]
                sample = os.path.join(work, model + ".npz")
                write_case_npz(io_npz, model, sample)
                random = models.get(f"{family}/{model}", {}).get("random", False)
                result = subprocess.run([args.runner, "run", os.path.join(folder, library),
                                         "--device", "cuda", "--inputs", sample]
                                        + ([] if random else ["--expect", sample]),
                                        capture_output=True, text=True)
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
