#!/usr/bin/env python3
"""pt2c as a user installs it (issue #19 item 2), end to end:

1. `cmake --install BUILD --prefix P` lays out bin/, lib/pt2c/, include/,
   lib/cmake/pt2c/ and lib/pkgconfig/; then P is moved elsewhere (the
   install must not depend on where it was made).
2. The installed pt2c links the runtime next to it (lib/pt2c), not the
   build tree's, and PT2C_RUNTIME_DIR still overrides it.
3. pkg-config finds pt2c.pc: --cflags, --modversion, the compiler variable.
4. test/install/consumer, a separate CMake project, find_package(pt2c)s the
   install, compiles the archive with pt2c_add_model at build time, links
   the library and runs it: outputs match eager PyTorch's (ARCHIVE's
   .io.npz), the library's SONAME is its file name, the program records
   that name (not a path), and the C ABI reports the provenance.
5. examples/serve builds against the install (PT2C_PREFIX, through
   pkg-config) and serves that library.

usage: check_install.py CMAKE BUILD_DIR SOURCE_DIR WORK_DIR ARCHIVE C_COMPILER GENERATOR
"""
import array
import ast
import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile

INSTALLED = ["bin/pt2c", "bin/pt2c-run", "lib/pt2c/libpt2c_runtime.a", "lib/pt2c/pt2c.map",
             "include/pt2c/pt2c.h", "lib/cmake/pt2c/pt2cConfig.cmake",
             "lib/cmake/pt2c/pt2cConfigVersion.cmake", "lib/cmake/pt2c/pt2cAddModel.cmake",
             "lib/pkgconfig/pt2c.pc"]


class Failure(Exception):
    pass


def run(command, env=None, cwd=None, expect=0):
    """Runs `command`; its output, or Failure naming it when the exit code
    is not `expect`."""
    full_env = dict(os.environ, **(env or {}))
    result = subprocess.run(command, capture_output=True, text=True, env=full_env, cwd=cwd)
    output = result.stdout + result.stderr
    if result.returncode != expect:
        raise Failure(f"{' '.join(command)} exited with {result.returncode} "
                      f"(expected {expect}):\n{output}")
    return output


def npz_float32(path, name):
    """Array `name` of an uncompressed .npz of float32 C-order arrays, as
    (raw little-endian bytes, values); no numpy needed."""
    with zipfile.ZipFile(path) as npz:
        data = npz.read(name + ".npy")
    if not data.startswith(b"\x93NUMPY"):
        raise Failure(f"{path}: {name}.npy is not a .npy")
    major = data[6]
    header_bytes = int.from_bytes(data[8:10] if major == 1 else data[8:12], "little")
    start = (10 if major == 1 else 12) + header_bytes
    header = ast.literal_eval(data[start - header_bytes:start].decode("latin1"))
    if header["descr"] != "<f4" or header["fortran_order"]:
        raise Failure(f"{path}: {name} is {header}, expected float32 in C order")
    raw = data[start:]
    return raw, array.array("f", raw)


def dynamic_section(path):
    return run(["readelf", "-W", "--dynamic", path])


def check_install(cmake, build, work):
    staging, prefix = os.path.join(work, "staging"), os.path.join(work, "moved", "prefix")
    run([cmake, "--install", build, "--prefix", staging])
    missing = [f for f in INSTALLED if not os.path.isfile(os.path.join(staging, f))]
    if missing:
        raise Failure(f"cmake --install did not install {', '.join(missing)}")
    os.makedirs(os.path.dirname(prefix))
    os.rename(staging, prefix)
    print(f"installed into {staging}, moved to {prefix}: {len(INSTALLED)} files in place")
    return prefix


def check_runtime_lookup(prefix, archive, work):
    pt2c = os.path.join(prefix, "bin", "pt2c")
    # Whatever the caller's environment says, the lookup of its own.
    clean = {k: v for k, v in os.environ.items() if k != "PT2C_RUNTIME_DIR"}
    result = subprocess.run([pt2c, archive, "-o", os.path.join(work, "direct.so"), "-v"],
                            capture_output=True, text=True, env=clean)
    if result.returncode != 0:
        raise Failure(f"the installed pt2c failed:\n{result.stderr}")
    expected = os.path.join(prefix, "lib", "pt2c", "libpt2c_runtime.a")
    if f"runtime {expected}" not in result.stderr:
        raise Failure(f"the installed pt2c did not link {expected}:\n{result.stderr}")
    output = run([pt2c, archive, "-o", os.path.join(work, "never.so")],
                 env={"PT2C_RUNTIME_DIR": os.path.join(work, "no-runtime")}, expect=2)
    if "PT2C_RUNTIME_DIR is" not in output:
        raise Failure(f"PT2C_RUNTIME_DIR did not override the installed runtime:\n{output}")
    print(f"the installed pt2c links {expected}; PT2C_RUNTIME_DIR overrides it")


def check_pkg_config(prefix):
    env = {"PKG_CONFIG_PATH": os.path.join(prefix, "lib", "pkgconfig")}
    cflags = run(["pkg-config", "--cflags", "pt2c"], env=env).split()
    includes = [os.path.realpath(f[2:]) for f in cflags if f.startswith("-I")]
    if os.path.realpath(os.path.join(prefix, "include")) not in includes:
        raise Failure(f"pkg-config --cflags pt2c gives {cflags}, not -I{prefix}/include")
    version = run(["pkg-config", "--modversion", "pt2c"], env=env).strip()
    compiler = run(["pkg-config", "--variable=pt2c", "pt2c"], env=env).strip()
    if os.path.realpath(compiler) != os.path.realpath(os.path.join(prefix, "bin", "pt2c")):
        raise Failure(f"pkg-config --variable=pt2c pt2c gives {compiler}")
    print(f"pkg-config: pt2c {version}, {' '.join(cflags)}, compiler {compiler}")


def check_consumer(cmake, source, prefix, archive, compiler, generator, work):
    project, binary = os.path.join(source, "test", "install", "consumer"), os.path.join(work, "consumer")
    run([cmake, "-S", project, "-B", binary, "-G", generator, f"-DCMAKE_C_COMPILER={compiler}",
         f"-DCMAKE_PREFIX_PATH={prefix}", f"-DMODEL_ARCHIVE={archive}"])
    run([cmake, "--build", binary])
    library = os.path.join(binary, "libconsumer-model.so")
    if "Library soname: [libconsumer-model.so]" not in dynamic_section(library):
        raise Failure(f"{library} has no SONAME libconsumer-model.so:\n{dynamic_section(library)}")
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]",
                        dynamic_section(os.path.join(binary, "consumer")))
    if "libconsumer-model.so" not in needed:
        raise Failure(f"the consumer needs {needed}, not libconsumer-model.so by its SONAME")

    sample = os.path.splitext(archive)[0] + ".io.npz"
    raw_input, _ = npz_float32(sample, "in0")
    _, expected = npz_float32(sample, "out0")
    inputs, outputs = os.path.join(work, "in0.f32"), os.path.join(work, "out0.f32")
    with open(inputs, "wb") as f:
        f.write(raw_input)
    printed = run([os.path.join(binary, "consumer"), inputs, outputs])
    with open(outputs, "rb") as f:
        got = array.array("f", f.read())
    if len(got) != len(expected):
        raise Failure(f"the consumer wrote {len(got)} values, eager PyTorch has {len(expected)}")
    worst = max(abs(a - b) / (1e-4 + 1e-4 * abs(b)) for a, b in zip(got, expected))
    if worst > 1:
        raise Failure(f"the consumer's outputs differ from eager PyTorch's ({worst:.1f}x the "
                      "tolerance 1e-4 + 1e-4 |expected|)")
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    for line in ("consumer=out-of-tree", f"pt2c.archive_sha256={digest}"):
        if line not in printed.splitlines():
            raise Failure(f"the consumer's model does not report {line}:\n{printed}")
    print(f"consumer: find_package(pt2c) + pt2c_add_model built {library} (SONAME its file "
          f"name, recorded by the program), {len(got)} outputs match eager PyTorch's, "
          "provenance through the C ABI")
    return library


def check_serve_example(source, prefix, library, work):
    serve = os.path.join(work, "serve")
    run(["make", "-s", "-C", os.path.join(source, "examples", "serve"), f"OUT={serve}",
         f"PT2C_PREFIX={prefix}"])
    output = run([serve, library, "2", "20"])
    print(f"examples/serve built against the install: {output.strip()}")


def main():
    cmake, build, source, work, archive, compiler, generator = sys.argv[1:8]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        prefix = check_install(cmake, build, work)
        check_runtime_lookup(prefix, archive, work)
        check_pkg_config(prefix)
        library = check_consumer(cmake, source, prefix, archive, compiler, generator, work)
        check_serve_example(source, prefix, library, work)
    except Failure as failure:
        print(f"FAIL: {failure}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
