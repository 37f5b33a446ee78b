#!/usr/bin/env python3
"""How much of PyTorch's OpInfo corpus pt2c compiles and gets right on the CPU.

usage: opinfo.py PT2C PT2C_RUN OPINFO_DIR WORK_DIR [--jobs N]

OPINFO_DIR is what tools/export_opinfo.py wrote: test/data/opinfo (the first
sample of every op_db entry and dtype, the CI subset) or the full set
(`export_opinfo.py OUT --samples all`, made on a machine with torch). Each
family (opinfo-f32, opinfo-f16, ...) is checked by test/e2e/check_op_corpus.py,
families in parallel, and a Markdown table prints per family: the programs
exported, those that compile and match eager (random ones: compile and run),
those refused as not covered, known failures (OPINFO_DIR/known-failures.txt)
and other failures; WORK_DIR/<family>.log names each failing case. Exit 0
whatever the numbers: a measurement, not a test.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "e2e",
                       "check_op_corpus.py")
# The op list in parentheses holds no ")": anchoring on "), " keeps the known
# count whole (a greedy ".*" left only its last digit).
SUMMARY = re.compile(r"^(?P<family>\S+): (?P<pass>\d+) pass, (?P<missing>\d+) not covered \(.*\), "
                     r"(?P<known>\d+) known failures, (?P<fail>\d+) FAILED, of (?P<total>\d+) cases$")


def check(pt2c, runner, corpus, work, family):
    result = subprocess.run([sys.executable, CHECKER, pt2c, runner, corpus,
                             os.path.join(work, family), family], capture_output=True, text=True)
    with open(os.path.join(work, family + ".log"), "w") as log:  # the failing cases, named
        log.write(result.stdout + result.stderr)
    for line in result.stdout.splitlines():
        match = SUMMARY.match(line)
        if match:
            return {k: (v if k == "family" else int(v)) for k, v in match.groupdict().items()}
    raise RuntimeError(f"{family}: no summary from check_op_corpus.py:\n{result.stdout}{result.stderr}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pt2c")
    parser.add_argument("runner")
    parser.add_argument("corpus")
    parser.add_argument("work")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    manifest = json.load(open(os.path.join(args.corpus, "manifest.json")))
    os.makedirs(args.work, exist_ok=True)
    families = sorted({m["family"] for m in manifest["models"].values()})
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda f: check(args.pt2c, args.runner, args.corpus, args.work, f),
                             families))
    print(f"OpInfo corpus {args.corpus} (torch {manifest['torch']}, samples: "
          f"{manifest.get('samples', '1')}); {len(manifest['skipped'])} entry x dtype x sample "
          "not exported\n")
    print("| family | exported | compile and match | not covered | known failures | failed | match % |")
    print("|---|---|---|---|---|---|---|")
    total = {k: 0 for k in ("pass", "missing", "known", "fail", "total")}
    for row in rows + [dict(total, family="all")]:
        if row["family"] != "all":
            for k in total:
                total[k] += row[k]
        else:
            row = dict(total, family="**all**")
        share = 100.0 * row["pass"] / row["total"] if row["total"] else 0.0
        print(f"| {row['family']} | {row['total']} | {row['pass']} | {row['missing']} | "
              f"{row['known']} | {row['fail']} | {share:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
