#!/usr/bin/env python3
"""pt2c-run on the test-double model: exit 0 when the outputs match, 1 when
they are out of tolerance, 2 for bad input or usage. The .npz files are
written here with the standard library (zipfile + the npy header), like
np.savez would write them.

usage: run_cli_test.py PT2C_RUN MODEL.so WORKDIR
"""
import os
import struct
import subprocess
import sys
import zipfile

W = [0.5, -1.0, 2.0, 0.25]
B = [1.0, 0.0, -0.5, 3.0]


def f32(value):
    """Rounds to float32, as the model computes."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def npy(descr, shape, data, fortran=False):
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
        descr, "True" if fortran else "False",
        "".join("%d, " % d for d in shape).rstrip(" ") if shape else "")
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + \
        header.encode("latin1") + data


def floats(values):
    return struct.pack("<%df" % len(values), *values)


def write_npz(path, arrays, compress=False):
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in arrays.items():
            archive.writestr(name + ".npy", data)


def sample(rows):
    """Inputs of the double and its outputs, computed like TestModel.c."""
    x = [f32(((i * 4 + j) % 11) * 0.3 - 1.5) for i in range(rows)
         for j in range(4)]
    shift = [(i % 5) - 2 for i in range(rows)]
    y = []
    for i in range(rows):
        for j in range(4):
            scaled = f32(x[i * 4 + j] * W[j])
            y.append(f32(f32(scaled + B[j]) + shift[i]))
    positive = bytes(1 if v > 0 else 0 for v in y)
    return {
        "in0": npy("<f4", (rows, 4), floats(x)),
        "in1": npy("<i8", (rows,), struct.pack("<%dq" % rows, *shift)),
        "out0": npy("<f4", (rows, 4), floats(y)),
        "out1": npy("|b1", (rows, 4), positive),
    }, y


def main():
    pt2c_run, model, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    arrays, y = sample(6)
    files = {}

    def make(name, content, compress=False):
        path = os.path.join(work, name)
        write_npz(path, content, compress)
        files[name] = path
        return path

    good = make("good.npz", arrays)
    make("good_deflated.npz", arrays, compress=True)
    # A tiny error within the defaults (1e-4 + 1e-4 * |y|) still passes.
    near = dict(arrays, out0=npy("<f4", (6, 4), floats([v + 5e-5 for v in y])))
    make("near.npz", near)
    off = dict(arrays, out0=npy("<f4", (6, 4), floats([v + 1e-2 for v in y])))
    make("off.npz", off)
    out1 = arrays["out1"]  # flip the first bool: header, then 24 bytes
    flipped = dict(arrays, out1=out1[:-24] + bytes([1 - out1[-24]]) +
                   out1[-23:])
    make("flipped.npz", flipped)
    bad_shape = dict(arrays, in0=npy("<f4", (6, 5), floats([0.0] * 30)))
    make("bad_shape.npz", bad_shape)
    bad_dtype = dict(arrays, in1=npy("<i4", (6,), struct.pack("<6i", *[0] * 6)))
    make("bad_dtype.npz", bad_dtype)
    too_big = sample(65)[0]
    make("too_big.npz", too_big)
    missing = {"in0": arrays["in0"]}
    make("missing.npz", missing)
    # The same x stored in Fortran order (column by column), as numpy saves
    # a transposed array: read into C order, it gives the same outputs.
    x = struct.unpack("<24f", arrays["in0"][-96:])
    by_column = [x[i * 4 + j] for j in range(4) for i in range(6)]
    make("fortran.npz", dict(arrays, in0=npy("<f4", (6, 4), floats(by_column),
                                             fortran=True)))
    broken = os.path.join(work, "broken.npz")
    with open(broken, "wb") as f:
        f.write(b"PK\x03\x04 this is not a zip")
    files["broken.npz"] = broken

    def run(*args):
        return subprocess.run([pt2c_run, *args], capture_output=True,
                              text=True)

    cases = [
        # (arguments, exit code, text expected in stdout + stderr)
        (["run", model, "--inputs", good, "--expect", good], 0,
         "PASS: 2 outputs within tolerance"),
        (["run", model, "--inputs", good], 0, "out0 'y' float32[6, 4]"),
        (["run", model, "--inputs", files["good_deflated.npz"], "--expect",
          files["good_deflated.npz"]], 0, "failing 0/24"),
        (["run", model, "--inputs", good, "--expect", files["near.npz"]], 0,
         "PASS"),
        (["run", model, "--inputs", good, "--expect", files["near.npz"],
          "--atol", "1e-6", "--rtol", "0"], 1, "failing 24/24"),
        (["run", model, "--inputs", good, "--expect", files["off.npz"]], 1,
         "FAIL: 1 of 2 outputs out of tolerance"),
        (["run", model, "--inputs", good, "--expect", files["off.npz"],
          "--atol", "0.02"], 0, "PASS"),
        (["run", model, "--inputs", good, "--expect", files["flipped.npz"],
          "--atol", "100"], 1, "out1 'positive' bool[6, 4]"),
        (["run", model, "--inputs", files["bad_shape.npz"]], 2,
         "input 0 ('x'): dim 1 is 5, expected 4"),
        (["run", model, "--inputs", files["bad_dtype.npz"]], 2,
         "input 1 ('shift'): dtype is int32, expected int64"),
        (["run", model, "--inputs", files["too_big.npz"]], 2,
         "dim 0 is 65, outside the range [1, 64] of symbol s0"),
        (["run", model, "--inputs", files["missing.npz"]], 2,
         "has no 'in1' for input 1 ('shift')"),
        (["run", model, "--inputs", files["fortran.npz"], "--expect", good], 0,
         "PASS: 2 outputs within tolerance"),
        (["run", model, "--inputs", broken], 2, "broken.npz"),
        (["run", model, "--inputs", os.path.join(work, "absent.npz")], 2,
         "cannot open the file"),
        (["run", model, "--inputs", work], 2, "is a directory, not an .npz file"),
        (["run", os.path.join(work, "absent.so"), "--inputs", good], 2,
         "cannot load"),
        (["run", model, "--inputs", good, "--device", "cuda"], 2,
         "this model was compiled for the CPU only; compile it with --target cuda"),
        (["run", model, "--inputs", good, "--expect", files["missing.npz"]], 2,
         "has no 'out0'"),
        (["run", model], 2, "--inputs X.npz or --random-inputs is required"),
        (["fly", model], 2, ""),
        (["bench", model, "--inputs", good, "--warmup", "2", "--runs", "20",
          "--threads", "2"], 0, "test_double: median"),
        (["bench", model, "--inputs", files["bad_shape.npz"]], 2,
         "dim 1 is 5"),
    ]
    failures = 0
    for args, code, text in cases:
        result = run(*args)
        output = result.stdout + result.stderr
        if result.returncode != code or text not in output:
            failures += 1
            print("FAILED: pt2c-run %s\n  exit %d (expected %d), output:\n%s"
                  "  expected text: %r" % (" ".join(args), result.returncode,
                                           code, output, text))
    print("%d of %d pt2c-run cases passed" % (len(cases) - failures,
                                                len(cases)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
