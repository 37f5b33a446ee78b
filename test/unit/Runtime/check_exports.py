#!/usr/bin/env python3
"""A model library exports exactly the pt2c_* functions of include/pt2c/pt2c.h
and needs no shared library beyond libc, libm, libpthread and libdl.

usage: check_exports.py MODEL.so
"""
import os
import re
import subprocess
import sys

# The dynamic loader appears once the runtime uses thread-local variables
# (__tls_get_addr); the issue allows it next to libc, libm, libpthread, libdl.
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "ld-linux-x86-64.so.2"}
HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "..", "..", "..", "include", "pt2c", "pt2c.h")


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True,
                          capture_output=True, text=True).stdout


def exported(library):
    """Names of the defined symbols of the dynamic symbol table."""
    names = set()
    for line in readelf("--dyn-syms", library).splitlines():
        fields = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(fields) < 8 or not fields[0].rstrip(":").isdigit():
            continue
        if fields[6] == "UND" or fields[3] in ("SECTION", "FILE"):
            continue
        names.add(fields[7].split("@")[0])
    return names


def needed(library):
    return set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]",
                          readelf("-d", library)))


def declared():
    with open(HEADER) as header:
        return set(re.findall(r"PT2C_API\s[^;]*?\b(pt2c_\w+)\s*\(",
                              header.read()))


def main():
    library = sys.argv[1]
    errors = []
    names = exported(library)
    foreign = sorted(n for n in names if not n.startswith("pt2c_"))
    if foreign:
        errors.append("exports symbols outside pt2c_*: " + ", ".join(foreign))
    api = declared()
    if len(api) < 30:
        errors.append(f"found only {len(api)} functions in {HEADER}")
    missing = sorted(api - names)
    if missing:
        errors.append("does not export: " + ", ".join(missing))
    extra = sorted(names - api)
    if extra:
        errors.append("exports pt2c_* symbols the header does not declare: " +
                      ", ".join(extra))
    libraries = needed(library)
    if libraries - ALLOWED_NEEDED:
        errors.append("needs " + ", ".join(sorted(libraries - ALLOWED_NEEDED)))
    for error in errors:
        print(f"{library}: {error}", file=sys.stderr)
    if not errors:
        print(f"{library}: exports the {len(api)} functions of pt2c.h only; "
              f"needs {', '.join(sorted(libraries))}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
