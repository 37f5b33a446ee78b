#!/usr/bin/env python3
"""pt2c's matmuls and convolutions against a reference on one core (issue #16 item 2).

    # on a machine with torch: the layers, exported with a fixed seed
    # (full archives, and graph-only copies under DIR/graph)
    python3 bench/cpu_matmul_reference.py export DIR
    # on the build machine (apt-get install libopenblas0-pthread
    # libdnnl-dev, then rebuild): compile them and time pt2c against
    # OpenBLAS's sgemm (linear layers) and oneDNN (convolutions)
    python3 bench/cpu_matmul_reference.py time DIR --pt2c build/bin/pt2c \\
        --runner build/bin/pt2c-run [--openblas /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0] \\
        [--onednn build/bin/pt2c-bench-onednn-conv] \\
        [--onednn-matmul build/bin/pt2c-bench-onednn-matmul]
    # against torch's own layers on another machine (the GPU machine's
    # Xeon): compile the graph-only copies on the build machine, then time
    # there, where `torch` re-exports the same seeded layers for the weights
    python3 bench/cpu_matmul_reference.py compile DIR/graph LIBS --pt2c build/bin/pt2c
    python3 bench/cpu_matmul_reference.py torch DIR LIBS --runner pt2c-run

The layers are bert-base's and vit_b_16's projections at batch 1
(rows x in -> out), resnet50's convolutions at batch 1 and the matmul of
one of them alone (OpenBLAS, and oneDNN's matmul in bench/onednn_matmul.c,
time the projections; oneDNN, in bench/onednn_conv.c, the convolutions). pt2c's time is `pt2c-run
bench --threads 1` of a library holding the one layer (a linear's bias
included, so it times one pass of bias over the output more than sgemm);
the references are cblas_sgemm of the same shapes (row-major x [rows, in]
times W^T), OpenBLAS limited to one thread, called through ctypes, and
torch's own nn.Linear or nn.Conv2d (oneDNN on the CPU) with
torch.set_num_threads(1); median of as many runs. On the build machine
(`time`) pt2c and the reference take turns `--rounds` times and each side
reports the median of its rounds. Prints GFLOP/s of each and pt2c /
reference. No numpy on the build machine: buffers are ctypes
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

# (name, kind, sizes): bert-base's and vit_b_16's projections at batch 1
# (rows x in -> out) and resnet50's convolutions at batch 1 (channels in ->
# out, kernel, stride, padding, input height = width; no bias, as there).
LAYERS = [
    ("bert_qkv", "linear", dict(rows=128, inputs=768, outputs=768)),
    ("bert_ffn1", "linear", dict(rows=128, inputs=768, outputs=3072)),
    ("bert_ffn2", "linear", dict(rows=128, inputs=3072, outputs=768)),
    ("vit_ffn1", "linear", dict(rows=197, inputs=768, outputs=3072)),
    ("vit_ffn2", "linear", dict(rows=197, inputs=3072, outputs=768)),
    ("rn50_stem", "conv", dict(cin=3, cout=64, kernel=7, stride=2, pad=3, size=224)),
    ("rn50_3x3_56", "conv", dict(cin=64, cout=64, kernel=3, stride=1, pad=1, size=56)),
    ("rn50_3x3_28", "conv", dict(cin=128, cout=128, kernel=3, stride=1, pad=1, size=28)),
    ("rn50_3x3_14", "conv", dict(cin=256, cout=256, kernel=3, stride=1, pad=1, size=14)),
    ("rn50_3x3_7", "conv", dict(cin=512, cout=512, kernel=3, stride=1, pad=1, size=7)),
    ("rn50_1x1_56", "conv", dict(cin=256, cout=64, kernel=1, stride=1, pad=0, size=56)),
    ("rn50_1x1_14", "conv", dict(cin=1024, cout=256, kernel=1, stride=1, pad=0, size=14)),
    # The 3x3 56x56 layer's matmul alone (filters x window rows -> output
    # positions), its rhs once an input (as the window copy is: rows H*W*4
    # bytes apart) and once a weight (which pt2c stores in panels): what
    # packing the rhs is worth on this CPU, without the window copy.
    ("rn50_3x3_56_gemm_input", "matmul", dict(rows=64, inputs=576, outputs=3136, rhs="input")),
    ("rn50_3x3_56_gemm_weight", "matmul", dict(rows=64, inputs=576, outputs=3136, rhs="weight")),
]


def describe(kind, sizes):
    if kind == "linear":
        return f"{sizes['rows']} x {sizes['inputs']} -> {sizes['outputs']}"
    if kind == "matmul":
        return f"{sizes['rows']} x {sizes['inputs']} -> {sizes['outputs']}, rhs {sizes['rhs']}"
    return (f"{sizes['cin']} -> {sizes['cout']}, {sizes['kernel']}x{sizes['kernel']}/"
            f"{sizes['stride']}, {sizes['size']}x{sizes['size']}")


def flop(kind, sizes):
    if kind in ("linear", "matmul"):
        return 2.0 * sizes["rows"] * sizes["inputs"] * sizes["outputs"]
    out = (sizes["size"] + 2 * sizes["pad"] - sizes["kernel"]) // sizes["stride"] + 1
    return 2.0 * sizes["cout"] * sizes["cin"] * sizes["kernel"] ** 2 * out * out


def MatMul(rows, inputs, outputs, rhs):
    """lhs [rows, inputs] times rhs [inputs, outputs], the `rhs` ("input" or
    "weight") the module's input and the other a parameter."""
    import torch

    class Module(torch.nn.Module):
        def __init__(self):
            super().__init__()
            shape = (inputs, outputs) if rhs == "weight" else (rows, inputs)
            self.weight = torch.nn.Parameter(torch.randn(*shape) / inputs ** 0.5)

        def forward(self, x):
            return x @ self.weight if rhs == "weight" else self.weight @ x

    return Module()


def build(index):
    """The layer and its input, drawn from seed 1000 + its index."""
    import torch
    name, kind, sizes = LAYERS[index]
    torch.manual_seed(1000 + index)
    if kind == "linear":
        layer = torch.nn.Linear(sizes["inputs"], sizes["outputs"])
        x = torch.randn(sizes["rows"], sizes["inputs"])
    elif kind == "matmul":
        layer = MatMul(sizes["rows"], sizes["inputs"], sizes["outputs"], sizes["rhs"])
        x = torch.randn(*((sizes["rows"], sizes["inputs"]) if sizes["rhs"] == "weight"
                          else (sizes["inputs"], sizes["outputs"])))
    else:
        layer = torch.nn.Conv2d(sizes["cin"], sizes["cout"], sizes["kernel"], sizes["stride"],
                                sizes["pad"], bias=False)
        x = torch.randn(1, sizes["cin"], sizes["size"], sizes["size"])
    return layer.eval(), x


def export(directory):
    import numpy as np
    import torch
    os.makedirs(os.path.join(directory, "graph"), exist_ok=True)
    for index, (name, kind, sizes) in enumerate(LAYERS):
        layer, x = build(index)
        with torch.no_grad():
            y = layer(x)
        program = torch.export.export(layer, (x,))
        torch.export.save(program, os.path.join(directory, name + ".pt2"))
        np.savez(os.path.join(directory, name + ".io.npz"), in0=x.numpy(), out0=y.numpy())
        write_graph_only(os.path.join(directory, name + ".pt2"),
                         os.path.join(directory, "graph", name + ".pt2"))
        print(f"exported {name}: {describe(kind, sizes)}", flush=True)


def compile_graphs(graphs, libs, pt2c):
    """Libraries of the graph-only archives, reading weights at run time."""
    os.makedirs(libs, exist_ok=True)
    for name, _, _ in LAYERS:
        archive = os.path.join(graphs, name + ".pt2")
        if not os.path.exists(archive):
            continue
        subprocess.run([pt2c, archive, "-o", os.path.join(libs, name + ".so"),
                        "--weights", "external"], check=True)
        print(f"compiled {name}", flush=True)


def torch_ms(directory, index, runs):
    """Median ms of torch's own layer on one thread, on the exported input."""
    import numpy as np
    import torch
    torch.set_num_threads(1)
    layer, _ = build(index)
    x = torch.from_numpy(np.load(os.path.join(directory, LAYERS[index][0] + ".io.npz"))["in0"])
    with torch.inference_mode():
        layer(x)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            layer(x)
            times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def print_header(runs, first, second, reference, rounds=1):
    """The machine, the date and the table's header."""
    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.*)", cpu)
    how = f"median of {runs} runs" if rounds <= 1 else \
        f"median of {rounds} alternated rounds of the median of {runs} runs"
    print(f"one core of {model.group(1).strip() if model else 'an unknown CPU'}, "
          f"{time.strftime('%Y-%m-%d')}; {how}\n")
    print(f"| {first} | {second} | pt2c ms | pt2c GFLOP/s | {reference} ms | {reference} GFLOP/s "
          f"| pt2c / {reference} |")
    print("|---|---|---|---|---|---|---|")


def time_against_torch(args):
    """On the machine with torch: the same seeded layers re-exported (their
    weights), pt2c's precompiled libraries against torch's, one thread."""
    export(args.dir)
    print_header(args.runs, "layer", "shape", "torch")
    ratios = {"linear": [], "conv": [], "matmul": []}
    for index, (name, kind, sizes) in enumerate(LAYERS):
        library = os.path.join(args.libs, name + ".so")
        if not os.path.exists(library):
            continue
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
        reference = torch_ms(args.dir, index, args.runs)
        ratios[kind].append(reference / ours)
        work = flop(kind, sizes)
        print(f"| {name} | {describe(kind, sizes)} | {ours:.3f} | {work / ours / 1e6:.1f} | "
              f"{reference:.3f} | {work / reference / 1e6:.1f} | {reference / ours:.2f} |", flush=True)
    for kind, values in ratios.items():
        if values:
            print(f"\nGeomean speed pt2c / torch, {kind}: {statistics.geometric_mean(values):.2f}")


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


def pt2c_library(pt2c, runner, directory, name):
    """Compiles `name`'s archive and checks the library against torch's
    outputs; returns the library and the inputs to time it on."""
    archive = os.path.join(directory, name + ".pt2")
    library = os.path.join(directory, name + ".so")
    subprocess.run([pt2c, archive, "-o", library], check=True)
    sample = os.path.join(directory, name + ".io.npz")
    check = subprocess.run([runner, "run", library, "--inputs", sample, "--expect", sample],
                           capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(f"{name}: pt2c's output does not match torch's:\n{check.stdout}{check.stderr}")
    return library, sample


def pt2c_ms(runner, library, sample, runs):
    out = subprocess.run([runner, "bench", library, "--inputs", sample, "--threads", "1",
                          "--runs", str(runs), "--warmup", "3"],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"median ([0-9.]+) ms", out).group(1))


def alternated(rounds, *timers):
    """The median over `rounds` of each timer's result, the timers taking
    turns: a burst of noise on this shared machine (20-30% swings between
    minutes) then hits both sides of a ratio instead of one."""
    results = [[] for _ in timers]
    for _ in range(rounds):
        for i, timer in enumerate(timers):
            results[i].append(timer())
    return [statistics.median(r) for r in results]


def onednn_conv_ms(binary, sizes, runs):
    """oneDNN's medians (plain NCHW, blocked) of the convolution, one thread
    (bench/onednn_conv.c)."""
    out = subprocess.run([binary] + [str(sizes[key]) for key in
                                     ("cin", "cout", "kernel", "stride", "pad", "size")] + [str(runs)],
                         capture_output=True, text=True, check=True).stdout
    medians = dict(line.split() for line in out.splitlines())
    return float(medians["plain"]), float(medians["blocked"])


def onednn_matmul_ms(binary, rows, inputs, outputs, runs):
    """oneDNN matmul's median of the linear layer with its bias, one thread
    (bench/onednn_matmul.c)."""
    out = subprocess.run([binary, str(rows), str(inputs), str(outputs), str(runs)],
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[1])


def time_all(args):
    """On the build machine: linear layers against OpenBLAS's sgemm (and
    oneDNN's matmul when pt2c-bench-onednn-matmul was built), convolutions
    against oneDNN (when pt2c-bench-onednn-conv was built)."""
    print_header(args.runs, "shape", "rows x in -> out", "OpenBLAS", args.rounds)
    ratios, onednn_ratios = [], []
    linears, convolutions = [], []
    for name, kind, sizes in LAYERS:
        if kind == "matmul":  # a diagnostic row, timed against torch only
            continue
        if not os.path.exists(os.path.join(args.dir, name + ".pt2")):
            print(f"| {name} | {describe(kind, sizes)} | (not exported) | | | | |")
            continue
        if kind == "conv":
            convolutions.append((name, sizes))
            continue
        if kind != "linear":
            continue
        rows, inputs, outputs = sizes["rows"], sizes["inputs"], sizes["outputs"]
        work = flop(kind, sizes)
        library, sample = pt2c_library(args.pt2c, args.runner, args.dir, name)
        timers = [lambda: pt2c_ms(args.runner, library, sample, args.runs),
                  lambda: sgemm_ms(args.openblas, rows, inputs, outputs, args.runs)]
        if args.onednn_matmul:
            timers.append(lambda: onednn_matmul_ms(args.onednn_matmul, rows, inputs, outputs,
                                                   args.runs))
        ours, reference, *onednn = alternated(args.rounds, *timers)
        ratios.append(reference / ours)
        print(f"| {name} | {describe(kind, sizes)} | {ours:.3f} | {work / ours / 1e6:.1f} | "
              f"{reference:.3f} | {work / reference / 1e6:.1f} | {reference / ours:.2f} |", flush=True)
        if onednn:
            onednn_ratios.append(onednn[0] / ours)
            linears.append((name, sizes, ours, onednn[0]))
    if ratios:
        print(f"\nGeomean speed pt2c / OpenBLAS: {statistics.geometric_mean(ratios):.2f}")
    if linears:
        # oneDNN's matmul in the same rounds: the demanding reference where
        # the BLAS has no kernels for the CPU.
        print("\n| layer | shape | pt2c ms | pt2c GFLOP/s | oneDNN matmul ms "
              "| oneDNN GFLOP/s | pt2c / oneDNN |")
        print("|---|---|---|---|---|---|---|")
        for name, sizes, ours, onednn in linears:
            work = flop("linear", sizes)
            print(f"| {name} | {describe('linear', sizes)} | {ours:.3f} | {work / ours / 1e6:.1f} "
                  f"| {onednn:.3f} | {work / onednn / 1e6:.1f} | {onednn / ours:.2f} |")
        print(f"\nGeomean speed pt2c / oneDNN matmul: "
              f"{statistics.geometric_mean(onednn_ratios):.2f}")
    if not convolutions or not args.onednn:
        return
    # oneDNN twice: with NCHW activations, the layout pt2c's library takes
    # and returns, and with the blocked one it prefers (reorders excluded).
    print("\n| layer | shape | pt2c ms | pt2c GFLOP/s | oneDNN NCHW ms | pt2c / NCHW "
          "| oneDNN blocked ms | oneDNN blocked GFLOP/s | pt2c / blocked |")
    print("|---|---|---|---|---|---|---|---|---|")
    plain_ratios, blocked_ratios = [], []
    for name, sizes in convolutions:
        work = flop("conv", sizes)
        library, sample = pt2c_library(args.pt2c, args.runner, args.dir, name)
        ours, onednn = alternated(
            args.rounds, lambda: pt2c_ms(args.runner, library, sample, args.runs),
            lambda: onednn_conv_ms(args.onednn, sizes, args.runs))
        plain, blocked = onednn
        plain_ratios.append(plain / ours)
        blocked_ratios.append(blocked / ours)
        print(f"| {name} | {describe('conv', sizes)} | {ours:.3f} | {work / ours / 1e6:.1f} | "
              f"{plain:.3f} | {plain / ours:.2f} | {blocked:.3f} | {work / blocked / 1e6:.1f} | "
              f"{blocked / ours:.2f} |", flush=True)
    print(f"\nGeomean speed pt2c / oneDNN: NCHW {statistics.geometric_mean(plain_ratios):.2f}, "
          f"blocked {statistics.geometric_mean(blocked_ratios):.2f}")


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
    timing.add_argument("--onednn", default=None,
                        help="pt2c-bench-onednn-conv (built where libdnnl-dev is installed): "
                             "times the convolutions against oneDNN")
    timing.add_argument("--onednn-matmul", default=None,
                        help="pt2c-bench-onednn-matmul (built where libdnnl-dev is installed): "
                             "times the linear layers against oneDNN's matmul too")
    timing.add_argument("--runs", type=int, default=20)
    timing.add_argument("--rounds", type=int, default=3,
                        help="pt2c and the reference take turns this many times; each side's "
                             "median of its rounds' medians is reported")
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
