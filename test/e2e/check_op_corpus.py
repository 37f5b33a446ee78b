#!/usr/bin/env python3
"""Checks one family of the op corpus (test/data/corpus, made by
tools/export_op_corpus.py with real PyTorch) on the CPU.

usage: check_op_corpus.py PT2C PT2C_RUN CORPUS_DIR WORK_DIR FAMILY [CASE...]

CASE (e.g. `avg_pool2d`, or `avg_pool2d-f16`) limits the check to those
cases, for working on one op; ctest always checks the whole family.

Each model of FAMILY.pt2 (one case in one dtype) is first judged by
`pt2c inspect --coverage`:
- covered: it must compile, and pt2c-run must reproduce every eager output
  within the default tolerance of its dtype (docs/design.md, "Test data
  and tolerances");
- not covered: compiling must fail cleanly (exit 2, a "pt2c: error:"
  message), never crash or produce a library the coverage report disowns.
Cases listed in known-failures.txt are covered ops with a known bug: they must
still fail (a case that starts passing is reported, so the list only shrinks).
Prints one line per failing case and a summary; exit 1 on any failure.
"""
import json
import os
import subprocess
import sys
import zipfile


def run(command):
    return subprocess.run(command, capture_output=True, text=True)


def write_case_npz(io_npz, model, path):
    """The model's arrays of the family's npz, renamed to in0/out0 (no numpy in CI)."""
    prefix = model + "."
    with zipfile.ZipFile(io_npz) as source, zipfile.ZipFile(path, "w") as target:
        for name in source.namelist():
            if name.startswith(prefix):
                target.writestr(name[len(prefix):], source.read(name))


def known_failures(corpus):
    known = {}
    path = os.path.join(corpus, "known-failures.txt")
    if os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].strip()
            if line:
                key, _, reason = line.partition(" ")
                known[key] = reason.strip()
    return known


def check_model(pt2c, runner, archive, io_npz, work, model, random=False):
    """(outcome, detail): outcome is pass, fail, or missing (not covered, refused cleanly).
    A random model (the manifest says so: eager's numbers are not expected
    values, tools/export_opinfo.py) passes when it compiles and runs."""
    coverage = run([pt2c, "inspect", archive, "--model", model, "--coverage", "--json"])
    if coverage.returncode not in (0, 1):
        return "fail", "inspect --coverage: " + coverage.stderr.strip()
    missing = sorted({m["target"].replace("torch.ops.", "")
                      for m in json.loads(coverage.stdout)["missing"]})
    library = os.path.join(work, model + ".so")
    compiled = run([pt2c, archive, "--model", model, "-o", library])
    if missing:
        # A clean refusal (exit 2, "pt2c: error: ..."): usually naming the op,
        # or an earlier unsupported feature of the same program.
        if compiled.returncode != 2 or "pt2c: error:" not in compiled.stderr:
            return "fail", (f"coverage says {missing} are missing, but compiling gave exit "
                            f"{compiled.returncode}: {compiled.stderr.strip()[:300]}")
        return "missing", ", ".join(missing)
    if compiled.returncode != 0:
        return "fail", "compile: " + compiled.stderr.strip()[:600]
    sample = os.path.join(work, model + ".npz")
    write_case_npz(io_npz, model, sample)
    result = run([runner, "run", library, "--inputs", sample] + ([] if random else ["--expect", sample]))
    if result.returncode != 0:
        return "fail", "run: " + (result.stdout + result.stderr).strip()[-600:]
    return "pass", ""


def main():
    pt2c, runner, corpus, work, family = sys.argv[1:6]
    only = sys.argv[6:]
    os.makedirs(work, exist_ok=True)
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    models = sorted(key.split("/", 1)[1] for key in manifest["models"]
                    if key.startswith(family + "/"))
    if only:
        models = [m for m in models if m in only or m.rsplit("-", 1)[0] in only]
    if not models:
        print(f"{family}: FAIL: no models in the manifest" + (f" for {' '.join(only)}" if only else ""))
        return 1
    archive = os.path.join(corpus, family + ".pt2")
    io_npz = os.path.join(corpus, family + ".io.npz")
    known = known_failures(corpus)
    counts = {"pass": 0, "missing": 0, "known": 0, "fail": 0}
    missing_ops = set()
    for model in models:
        key = f"{family}/{model}"
        random = manifest["models"][key].get("random", False)
        outcome, detail = check_model(pt2c, runner, archive, io_npz, work, model, random)
        if key in known:
            if outcome == "pass":
                print(f"FAIL {key}: listed in known-failures.txt ({known[key]}) but passes now; "
                      "remove it from the list")
                counts["fail"] += 1
            else:
                counts["known"] += 1
            continue
        if outcome == "fail":
            print(f"FAIL {key}: {detail}")
        elif outcome == "missing":
            missing_ops.update(detail.split(", "))
        counts[outcome] += 1
    print(f"{family}: {counts['pass']} pass, {counts['missing']} not covered "
          f"({len(missing_ops)} ops: {', '.join(sorted(missing_ops)) or '-'}), "
          f"{counts['known']} known failures, {counts['fail']} FAILED, of {len(models)} cases")
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
