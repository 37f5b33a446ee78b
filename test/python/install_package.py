#!/usr/bin/env python3
"""Installs the Python package (python/) into a fresh virtual environment,
as python/README.md tells users to (offline: no build isolation, so the
system's setuptools builds it, and no package index):

    python3 -m venv --system-site-packages VENV
    VENV/bin/pip install --no-build-isolation ./python

usage: install_package.py PACKAGE_DIR WORK_DIR   (makes WORK_DIR/venv)

The interpreter is the first of this one and Debian's /usr/bin/python3 that
has numpy and venv (tools/install-deps.sh installs python3-numpy and
python3-venv for Debian's; an interpreter first on PATH, from pyenv say, may
lack them). The package is built from a copy, so that setuptools' build/ and
egg-info stay out of the source tree. Then the installed package must be
the one the environment imports.
"""
import os
import shutil
import subprocess
import sys


def interpreter():
    candidates = []
    for path in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(path) and os.path.realpath(path) not in map(os.path.realpath, candidates):
            candidates.append(path)
    for path in candidates:
        probe = subprocess.run([path, "-c", "import numpy, venv, ensurepip"], capture_output=True)
        if probe.returncode == 0:
            return path
    sys.exit(f"FAIL: none of {candidates} has numpy and venv (with ensurepip); "
             "tools/install-deps.sh installs python3-numpy and python3-venv")


def run(command, **kwargs):
    print("+", " ".join(command), flush=True)
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    sys.stdout.write(result.stdout + result.stderr)
    if result.returncode != 0:
        sys.exit(f"FAIL: exit {result.returncode}")
    return result.stdout


def main():
    package, work = sys.argv[1:3]
    venv, source = os.path.join(work, "venv"), os.path.join(work, "package-source")
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(package, source,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    run([interpreter(), "-m", "venv", "--system-site-packages", "--clear", venv])
    python = os.path.join(venv, "bin", "python")
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
         "--disable-pip-version-check", "-q", source])
    # From another folder and without PYTHONPATH: only the installed copy is found.
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = run([python, "-c", "import pt2c, numpy; print(pt2c.__file__, numpy.__version__)"],
                cwd=work, env=environment).split()
    if not os.path.realpath(found[0]).startswith(os.path.realpath(venv) + os.sep):
        sys.exit(f"FAIL: the environment imports pt2c from {found[0]}, not from {venv}")
    print(f"ok: pt2c installed in {venv} (numpy {found[1]})")


if __name__ == "__main__":
    main()
