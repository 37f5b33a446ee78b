#!/usr/bin/env python3
"""Fails when two source files of the runtime archive call into each other.

usage: check_no_mutual_calls.py libpt2c_runtime.a

Each object of the archive is one file of runtime/src. A pair whose objects
each use a function or variable the other defines is a cycle: neither can be
read, tested or replaced without the other (CudaLibraries.c and
CudaGemm.c/CudaConv.c were one, through the workspace). Files may share
types through headers; this looks at symbols only.
"""
import collections
import subprocess
import sys


def symbols(archive):
    defined = collections.defaultdict(set)
    used = collections.defaultdict(set)
    out = subprocess.run(["nm", "-A", archive], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        # "lib.a:member.o:0000000000000000 T name" or "lib.a:member.o:   U name"
        # (C symbol names hold no colon)
        head, _, rest = line.rpartition(":")
        member = head.rsplit(":", 1)[-1]
        fields = rest.split()
        if len(fields) < 2:
            continue
        kind, name = fields[-2], fields[-1]
        if kind == "U":
            used[member].add(name)
        elif kind in "TDBR":
            defined[member].add(name)
    return defined, used


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    defined, used = symbols(sys.argv[1])
    members = sorted(set(defined) | set(used))
    cycles = []
    for i, a in enumerate(members):
        for b in members[i + 1:]:
            a_to_b = used[a] & defined[b]
            b_to_a = used[b] & defined[a]
            if a_to_b and b_to_a:
                cycles.append(f"{a} -> {b}: {', '.join(sorted(a_to_b))}; "
                              f"{b} -> {a}: {', '.join(sorted(b_to_a))}")
    if len(members) < 10:
        raise SystemExit(f"{sys.argv[1]}: only {len(members)} objects; is it the runtime archive?")
    for cycle in cycles:
        print(cycle)
    if cycles:
        raise SystemExit(f"{len(cycles)} pair(s) of runtime files call into each other")
    print(f"{len(members)} objects, no two calling into each other")


if __name__ == "__main__":
    main()
