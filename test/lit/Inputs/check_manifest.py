#!/usr/bin/env python3
"""Checks `pt2c inspect --json` against the fixtures' manifest.json.

usage: check_manifest.py PT2C DATA_DIR

manifest.json was written by the script that exported the fixtures with real
PyTorch (tools/export_fixtures.py): for every fixture, every op target and count
(subgraphs included), the user inputs' and outputs' dtypes and shapes, and the
parameter count must match what pt2c reads from the archive.
"""
import json
import os
import subprocess
import sys


def shape_matches(ours, theirs):
    # A symbolic dim (a string such as "s77") matches any sample size.
    return len(ours) == len(theirs) and all(
        isinstance(a, str) or a == b for a, b in zip(ours, theirs))


def check(pt2c, data, entry):
    path = os.path.join(data, entry["archive"])
    result = subprocess.run([pt2c, "inspect", "--json", path], capture_output=True, text=True)
    if result.returncode != 0:
        return [f"pt2c inspect exited {result.returncode}: {result.stderr.strip()}"]
    report = json.loads(result.stdout)
    problems = []
    if report["ops"] != entry["ops"]:
        for target in sorted(set(report["ops"]) | set(entry["ops"])):
            ours, theirs = report["ops"].get(target), entry["ops"].get(target)
            if ours != theirs:
                problems.append(f"op {target}: pt2c counts {ours}, manifest {theirs}")
    for kind in ("inputs", "outputs"):
        ours, theirs = report[kind], entry[kind]
        if len(ours) != len(theirs):
            problems.append(f"{kind}: pt2c sees {len(ours)}, manifest {len(theirs)}")
            continue
        for index, (a, b) in enumerate(zip(ours, theirs)):
            if a["dtype"] != b["dtype"] or not shape_matches(a["shape"], b["shape"]):
                problems.append(f"{kind}[{index}]: pt2c {a['dtype']}{a['shape']}, "
                                f"manifest {b['dtype']}{b['shape']}")
    if report["parameters"]["elements"] != entry["params"]:
        problems.append(f"parameters: pt2c {report['parameters']['elements']}, "
                        f"manifest {entry['params']}")
    if entry["dynamic"] != bool(report["symbols"]):
        problems.append(f"dynamic: manifest {entry['dynamic']}, pt2c symbols {report['symbols']}")
    return problems


def main():
    pt2c, data = sys.argv[1:3]
    manifest = json.load(open(os.path.join(data, "manifest.json")))
    failed = 0
    for entry in manifest:
        problems = check(pt2c, data, entry)
        status = "ok" if not problems else "MISMATCH"
        print(f"{entry['name']}: {status} ({sum(entry['ops'].values())} nodes, "
              f"{len(entry['ops'])} targets)")
        for problem in problems:
            print(f"  {problem}")
        failed += bool(problems)
    print(f"manifest: {len(manifest) - failed} of {len(manifest)} fixtures match")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
