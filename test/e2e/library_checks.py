"""What every compiled model .so promises, shared by the e2e checks:
compiling twice gives the same bytes, it needs nothing beyond libc,
libm, libpthread, libdl and the loader (which appears once the runtime uses
thread-local variables, __tls_get_addr), and it loads on glibc 2.28
(glibc_baseline.py)."""
import os
import subprocess
import sys

import glibc_baseline

ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "ld-linux-x86-64.so.2"}


def needed_libraries(path):
    # binutils' readelf is part of every build machine (it comes with the compiler).
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    return {line.split("[")[1].split("]")[0] for line in out.splitlines() if "(NEEDED)" in line}


def compile_and_check(pt2c, archive, work, stem, flags=()):
    """Compiles `archive` twice into WORK/STEM.so and WORK/again/STEM.so
    with `flags` (the same file name: it is the library's SONAME); returns
    the library's path, or None after printing why it failed."""
    first, second = os.path.join(work, stem + ".so"), os.path.join(work, "again", stem + ".so")
    os.makedirs(os.path.dirname(second), exist_ok=True)
    for output in (first, second):
        result = subprocess.run([pt2c, archive, "-o", output, *flags], capture_output=True, text=True)
        sys.stdout.write(result.stdout + result.stderr)
        if result.returncode != 0:
            print(f"{stem}: FAIL: pt2c {' '.join(flags)} could not compile {archive}")
            return None
    if open(first, "rb").read() != open(second, "rb").read():
        print(f"{stem}: FAIL: two compiles of the same archive differ")
        return None
    extra = needed_libraries(first) - ALLOWED_NEEDED
    if extra:
        print(f"{stem}: FAIL: {first} needs {sorted(extra)}")
        return None
    problems = glibc_baseline.problems(first)
    if problems:
        for problem in problems:
            print(f"{stem}: FAIL: {first} {problem}")
        return None
    return first
