"""pt2c.compile and pt2c.inspect: the `pt2c` command line, run as a program
(the compiler is C++ on LLVM; nothing of it is linked into Python)."""
import json
import os
import shutil
import subprocess

from ._errors import CompileError


def find_compiler(compiler=None):
    """The pt2c binary: `compiler` if given, else $PT2C_COMPILER, else
    `pt2c` on PATH."""
    found = compiler or os.environ.get("PT2C_COMPILER") or shutil.which("pt2c")
    if not found:
        raise CompileError("pt2c (the compiler) not found: put it on PATH, set PT2C_COMPILER "
                           "to its path, or pass compiler=")
    return os.fspath(found)


def _flags(options):
    """Keyword arguments as pt2c's options: cuda_arch=["sm_80", "sm_90"]
    is --cuda-arch sm_80,sm_90, allow_tf32=True is --allow-tf32,
    metadata={"owner": "me"} is --metadata owner=me (one per pair); False
    and None leave an option out."""
    flags = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + key.replace("_", "-")
        if isinstance(value, dict):
            for k, v in value.items():
                flags += [flag, f"{k}={v}"]
        elif value is True:
            flags.append(flag)
        elif isinstance(value, (list, tuple)):
            flags += [flag, ",".join(map(str, value))]
        else:
            flags += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return flags


def _run(command):
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise CompileError(f"cannot run {command[0]}: {error}", None, "", command)
    if result.returncode != 0:
        stderr = result.stderr.strip()
        raise CompileError(stderr or f"{command[0]} exited with {result.returncode}",
                           result.returncode, result.stderr, command)
    return result.stdout


def compile(archive, output, *, compiler=None, **options):  # shadows the builtin, as re.compile
    """Compiles `archive` (a .pt2) into the model library `output` and
    returns `output`. Every keyword is the pt2c option of the same name
    (`pt2c --help`): target="cuda", cuda_arch=["sm_90"], weights="external",
    cpu="znver4", conv_layout="nhwc", allow_tf32=True, model="NAME",
    verbose=True. Raises CompileError with pt2c's message on failure."""
    command = [find_compiler(compiler), os.fspath(archive), "-o", os.fspath(output)]
    _run(command + _flags(options))
    return os.fspath(output)


def inspect(archive, *, model=None, compiler=None):
    """What `pt2c inspect ARCHIVE --json` says, as a dict. Of a .pt2:
    signature (inputs, outputs with symbolic shapes), symbols and their
    ranges, weights, op histogram. Of a compiled library (model.so):
    {"library": path, "metadata": {...}}, the pairs Model.metadata gives,
    read from the file without loading it."""
    command = [find_compiler(compiler), "inspect", os.fspath(archive), "--json"]
    return json.loads(_run(command + _flags({"model": model})))
