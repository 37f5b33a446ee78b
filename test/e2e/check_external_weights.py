#!/usr/bin/env python3
"""End-to-end check of `--weights external` (issue #5) on one fixture.

usage: check_external_weights.py PT2C PT2C_RUN DATA_DIR WORK_DIR NAME [--graph-only] [--target T]

Default: compile test/data/NAME.pt2 with --weights external (twice: same
bytes; NEEDED only libc & co.), run every stored sample with the weights
read from the fixture's own .pt2 (pt2c-run --weights) against eager
PyTorch's outputs, and check the refusals: no --weights, or another
fixture's archive, exit 2 naming what is wrong.

--graph-only: first strip every weight and constant payload from the
fixture (make_broken_archive.py graph-only: the configs and graph stay, each
payload is 0 bytes), so the compile cannot have read a weight byte. That
archive compiles with --weights external and the library matches eager
PyTorch with the weights of the real .pt2; embedding it fails clearly; the
graph-only archive itself, or a re-zipped (deflated) copy of the real one,
is refused when the model is created; and the external library is smaller
than the embedded one by about the weights' size.

--same-as-embedded: also compile the fixture with its weights embedded and
require the external library's outputs to equal the embedded one's to the
bit: both blobs must hold the same bytes, batch norms folded into weights
included (the compiler folds the embedded blob, the runtime the external
one, with the same code).

--target T: compile for T (e.g. cpu,cuda); the checks run on the CPU.
Exits 77 (skipped) when T needs the CUDA toolkit and it is not installed.
"""
import glob
import os
import subprocess
import sys
import zipfile

from library_checks import compile_and_check

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_ARCHIVE = os.path.join(HERE, "..", "lit", "Inputs", "make_broken_archive.py")
SKIP = 77


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def payload_bytes(archive):
    """Bytes of every raw weight/constant file (docs/pt2-format.md,
    "Entries pt2c reads")."""
    with zipfile.ZipFile(archive) as z:
        return sum(i.file_size for i in z.infolist()
                   if "/data/weights/weight_" in i.filename or "/data/constants/tensor_" in i.filename)


def expect_refusal(runner, library, sample, weights, must_contain, what):
    command = [runner, "run", library, "--inputs", sample]
    if weights:
        command += ["--weights", weights]
    code, text = run(command)
    print(text.strip())
    if code != 2 or any(part not in text for part in must_contain):
        print(f"FAIL: {what}: expected exit 2 and a message with {must_contain}, got exit {code}")
        return False
    return True


def toolkit_present():
    roots = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")] + ["/usr/local/cuda"]
    return any(r and os.path.exists(os.path.join(r, "nvvm", "libdevice", "libdevice.10.bc"))
               for r in roots)


def main():
    args = sys.argv[1:]
    graph_only = "--graph-only" in args
    if graph_only:
        args.remove("--graph-only")
    same_as_embedded = "--same-as-embedded" in args
    if same_as_embedded:
        args.remove("--same-as-embedded")
    target = None
    if "--target" in args:
        at = args.index("--target")
        target = args[at + 1]
        del args[at:at + 2]
    pt2c, runner, data, work, name = args
    if target and "cuda" in target and not toolkit_present():
        print("skipped: no CUDA toolkit here")
        return SKIP
    os.makedirs(work, exist_ok=True)
    archive = os.path.join(data, name + ".pt2")
    samples = sorted(glob.glob(os.path.join(data, name + ".io*.npz")))
    if not samples:
        print(f"{name}: FAIL: no {name}.io*.npz next to the archive")
        return 1
    flags = ["--weights", "external"] + (["--target", target] if target else [])
    stem = name + (".graph" if graph_only else "") + ".external" + (
        "." + target.replace(",", "-") if target else "")

    source = archive
    if graph_only:
        source = os.path.join(work, name + ".graph.pt2")
        subprocess.run([sys.executable, MAKE_ARCHIVE, "graph-only", archive, source], check=True)
        if payload_bytes(source) != 0 or payload_bytes(archive) == 0:
            print(f"FAIL: {source} should have 0-byte payloads and {archive} real ones")
            return 1

    library = compile_and_check(pt2c, source, work, stem, flags)
    if not library:
        return 1
    for sample in samples:
        code, text = run([runner, "run", library, "--inputs", sample, "--expect", sample,
                          "--weights", archive])
        print(text.strip())
        if code != 0:
            print(f"{name}: FAIL on {os.path.basename(sample)} with the weights of {archive}")
            return 1

    if same_as_embedded:
        embedded = compile_and_check(pt2c, archive, work, stem + ".embedded",
                                     ["--target", target] if target else [])
        if not embedded:
            return 1
        outputs = os.path.join(work, stem + ".embedded.outputs.npz")
        code, text = run([runner, "run", embedded, "--inputs", samples[0],
                          "--save-outputs", outputs])
        if code != 0:
            print(text.strip())
            print(f"{name}: FAIL: the embedded library did not run")
            return 1
        code, text = run([runner, "run", library, "--inputs", samples[0], "--weights", archive,
                          "--expect", outputs, "--atol", "0", "--rtol", "0"])
        print(text.strip())
        if code != 0:
            print(f"{name}: FAIL: external and embedded weights give different outputs")
            return 1

    if not expect_refusal(runner, library, samples[0], None,
                          ["--weights external", "pt2c_options_set_weights_path"],
                          "no weights path"):
        return 1
    # mlp and mlp_dynamic hold the same weights, so each would accept the other's.
    other = os.path.join(data, ("convnet" if name.startswith("mlp") else "mlp") + ".pt2")
    if not expect_refusal(runner, library, samples[0], other, [f"weights file '{other}'"],
                          "another fixture's archive"):
        return 1

    if graph_only:
        code, text = run([pt2c, source, "-o", os.path.join(work, stem + ".embed.so")])
        print(text.strip())
        if code != 2 or "graph-only" not in text or "--weights external" not in text:
            print("FAIL: embedding a graph-only archive should exit 2 and suggest --weights external")
            return 1
        if not expect_refusal(runner, library, samples[0], source, ["holds 0 bytes"],
                              "the graph-only archive as weights"):
            return 1
        deflated = os.path.join(work, name + ".deflated.pt2")
        subprocess.run([sys.executable, MAKE_ARCHIVE, "deflated", archive, deflated], check=True)
        if not expect_refusal(runner, library, samples[0], deflated,
                              ["compressed (method 8)", "must be STORED"], "a deflated copy"):
            return 1
        embedded = compile_and_check(pt2c, archive, work, name + ".embedded")
        if not embedded:
            return 1
        weights = payload_bytes(archive)
        saved = os.path.getsize(embedded) - os.path.getsize(library)
        print(f"{name}: embedded {os.path.getsize(embedded)} bytes, external "
              f"{os.path.getsize(library)} bytes, weights {weights} bytes")
        if saved < 0.9 * weights:
            print("FAIL: the external library should be smaller by about the weights' size")
            return 1

    print(f"{name}: ok (--weights external{' from a graph-only archive' if graph_only else ''}: "
          f"{len(samples)} samples with the weights of {os.path.basename(archive)}; deterministic; "
          "clear refusals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
