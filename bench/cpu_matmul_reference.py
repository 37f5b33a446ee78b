#!/usr/bin/env python3
"""pt2c's matmuls against a reference on one core (issue #16 item 2).

    # on a machine with torch: the linear layers, exported with a fixed seed
    # (full archives, and graph-only copies under DIR/graph)
    python3 bench/cpu_matmul_reference.py export DIR
    # on the build machine (apt-get install libopenblas0-pthread): compile
    # them and time pt2c and OpenBLAS's sgemm
    python3 bench/cpu_matmul_reference.py time DIR --pt2c build/bin/pt2c \\
        --runner build/bin/pt2c-run [--openblas /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0]
    # against torch's own linear on another machine (the GPU machine's
    # Xeon): compile the graph-only copies on the build machine, then time
    # there, where `torch` re-exports the same seeded layers for the weights
    python3 bench/cpu_matmul_reference.py compile DIR/graph LIBS --pt2c build/bin/pt2c
    python3 bench/cpu_matmul_reference.py torch DIR LIBS --runner pt2c-run

The shapes are bert-base's and vit_b_16's projections at batch 1
(rows x in -> out). pt2c's time is `pt2c-run bench --threads 1` of a library
holding one nn.Linear (bias included, so it times one pass of bias over the
output more than the reference); the references are cblas_sgemm of the same
shapes (row-major x [rows, in] times W^T), OpenBLAS limited to one thread,
called through ctypes, and torch's F.linear (bias included) with
torch.set_num_threads(1); median of as many runs. Prints GFLOP/s of each
and pt2c / reference. No numpy on the build machine: buffers are ctypes
arrays.
"""
import argparse
import ctypes
import os
import re
import statistics
import subprocess
import sys
import time

from real_models import write_graph_only

SHAPES = [  # (name, rows, in_features, out_features)
    ("bert_qkv", 128, 768, 768),
    ("bert_ffn1", 128, 768, 3072),
    ("bert_ffn2", 128, 3072, 768),
    ("vit_ffn1", 197, 768, 3072),
    ("vit_ffn2", 197, 3072, 768),
]


def export(directory):
    import numpy as np
    import torch
    os.makedirs(directory, exist_ok=True)
    for index, (name, rows, inputs, outputs) in enumerate(SHAPES):
        torch.manual_seed(1000 + index)
        layer = torch.nn.Linear(inputs, outputs).eval()
        x = torch.randn(rows, inputs)
        with torch.no_grad():
            y = layer(x)
        program = torch.export.export(layer, (x,))
        torch.export.save(program, os.path.join(directory, name + ".pt2"))
        np.savez(os.path.join(directory, name + ".io.npz"), in0=x.numpy(), out0=y.numpy())
        os.makedirs(os.path.join(directory, "graph"), exist_ok=True)
        write_graph_only(os.path.join(directory, name + ".pt2"),
                         os.path.join(directory, "graph", name + ".pt2"))
        print(f"exported {name}: [{rows}, {inputs}] -> {outputs}", flush=True)


def compile_graphs(graphs, libs, pt2c):
    """Libraries of the graph-only archives, reading weights at run time."""
    os.makedirs(libs, exist_ok=True)
    for name, _, _, _ in SHAPES:
        subprocess.run([pt2c, os.path.join(graphs, name + ".pt2"), "-o",
                        os.path.join(libs, name + ".so"), "--weights", "external"], check=True)
        print(f"compiled {name}", flush=True)


def torch_linear_ms(directory, name, rows, inputs, outputs, runs):
    """Median ms of torch's F.linear on one thread, the exported layer's
    weights and input."""
    import numpy as np
    import torch
    torch.set_num_threads(1)
    index = [s[0] for s in SHAPES].index(name)
    torch.manual_seed(1000 + index)
    layer = torch.nn.Linear(inputs, outputs).eval()
    x = torch.from_numpy(np.load(os.path.join(directory, name + ".io.npz"))["in0"])
    with torch.inference_mode():
        layer(x)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            layer(x)
            times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def time_against_torch(args):
    """On the machine with torch: the same seeded layers re-exported (their
    weights), pt2c's precompiled libraries against F.linear, one thread."""
    export(args.dir)
    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.*)", cpu)
    print(f"one core of {model.group(1).strip() if model else 'an unknown CPU'}, "
          f"{time.strftime('%Y-%m-%d')}; median of {args.runs} runs\n")
    print("| shape | rows x in -> out | pt2c ms | pt2c GFLOP/s | torch ms | torch GFLOP/s | pt2c / torch |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for name, rows, inputs, outputs in SHAPES:
        flop = 2.0 * rows * inputs * outputs
        library = os.path.join(args.libs, name + ".so")
        sample = os.path.join(args.dir, name + ".io.npz")
        weights = os.path.join(args.dir, name + ".pt2")
        check = subprocess.run([args.runner, "run", library, "--inputs", sample, "--expect", sample,
                                "--weights", weights], capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit(f"{name}: pt2c's output does not match torch's:\n{check.stdout}{check.stderr}")
        out = subprocess.run([args.runner, "bench", library, "--inputs", sample, "--weights", weights,
                              "--threads", "1", "--runs", str(args.runs), "--warmup", "3"],
                             capture_output=True, text=True, check=True).stdout
        ours = float(re.search(r"median ([0-9.]+) ms", out).group(1))
        reference = torch_linear_ms(args.dir, name, rows, inputs, outputs, args.runs)
        ratios.append(reference / ours)
        print(f"| {name} | {rows} x {inputs} -> {outputs} | {ours:.3f} | {flop / ours / 1e6:.1f} | "
              f"{reference:.3f} | {flop / reference / 1e6:.1f} | {reference / ours:.2f} |", flush=True)
    print(f"\nGeomean speed pt2c / torch: {statistics.geometric_mean(ratios):.2f}")


def sgemm_ms(library, rows, inputs, outputs, runs):
    """Median ms of C = A W^T with A [rows, inputs], W [outputs, inputs]."""
    blas = ctypes.CDLL(library)
    if hasattr(blas, "openblas_set_num_threads"):
        blas.openblas_set_num_threads(1)
    a = (ctypes.c_float * (rows * inputs))(*([0.5] * (rows * inputs)))
    w = (ctypes.c_float * (outputs * inputs))(*([0.25] * (outputs * inputs)))
    c = (ctypes.c_float * (rows * outputs))()
    row_major, no_trans, trans = 101, 111, 112
    args = (row_major, no_trans, trans, rows, outputs, inputs, ctypes.c_float(1.0), a, inputs,
            w, inputs, ctypes.c_float(0.0), c, outputs)
    blas.cblas_sgemm(*args)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        blas.cblas_sgemm(*args)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def pt2c_ms(pt2c, runner, directory, name, runs):
    archive = os.path.join(directory, name + ".pt2")
    library = os.path.join(directory, name + ".so")
    subprocess.run([pt2c, archive, "-o", library], check=True)
    sample = os.path.join(directory, name + ".io.npz")
    check = subprocess.run([runner, "run", library, "--inputs", sample, "--expect", sample],
                           capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(f"{name}: pt2c's output does not match torch's:\n{check.stdout}{check.stderr}")
    out = subprocess.run([runner, "bench", library, "--inputs", sample, "--threads", "1",
                          "--runs", str(runs), "--warmup", "3"],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"median ([0-9.]+) ms", out).group(1))


def time_all(args):
    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.*)", cpu)
    print(f"one core of {model.group(1).strip() if model else 'an unknown CPU'}, "
          f"{time.strftime('%Y-%m-%d')}; median of {args.runs} runs\n")
    print("| shape | rows x in -> out | pt2c ms | pt2c GFLOP/s | OpenBLAS ms | OpenBLAS GFLOP/s | pt2c / OpenBLAS |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for name, rows, inputs, outputs in SHAPES:
        if not os.path.exists(os.path.join(args.dir, name + ".pt2")):
            print(f"| {name} | {rows} x {inputs} -> {outputs} | (not exported) | | | | |")
            continue
        flop = 2.0 * rows * inputs * outputs
        ours = pt2c_ms(args.pt2c, args.runner, args.dir, name, args.runs)
        reference = sgemm_ms(args.openblas, rows, inputs, outputs, args.runs)
        ratios.append(reference / ours)
        print(f"| {name} | {rows} x {inputs} -> {outputs} | {ours:.3f} | {flop / ours / 1e6:.1f} | "
              f"{reference:.3f} | {flop / reference / 1e6:.1f} | {reference / ours:.2f} |", flush=True)
    print(f"\nGeomean speed pt2c / OpenBLAS: {statistics.geometric_mean(ratios):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("export").add_argument("dir")
    timing = sub.add_parser("time")
    timing.add_argument("dir")
    timing.add_argument("--pt2c", required=True)
    timing.add_argument("--runner", required=True)
    timing.add_argument("--openblas",
                        default="/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0")
    timing.add_argument("--runs", type=int, default=20)
    compiling = sub.add_parser("compile")
    compiling.add_argument("graphs")
    compiling.add_argument("libs")
    compiling.add_argument("--pt2c", required=True)
    against_torch = sub.add_parser("torch")
    against_torch.add_argument("dir")
    against_torch.add_argument("libs")
    against_torch.add_argument("--runner", required=True)
    against_torch.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    if args.command == "export":
        export(args.dir)
    elif args.command == "compile":
        compile_graphs(args.graphs, args.libs, args.pt2c)
    elif args.command == "torch":
        time_against_torch(args)
    else:
        time_all(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
