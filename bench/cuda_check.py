#!/usr/bin/env python3
"""The whole GPU check of issue #4 in one command, on a machine with an
NVIDIA GPU and PyTorch (no LLVM needed):

  python3 bench/cuda_check.py --models DIR --data test/data --runner DIR/pt2c-run

DIR holds NAME.so for each fixture compiled with `--target cuda`
(bench/compile_fixtures.sh DIR --target cuda) and pt2c-run (built with a
static libstdc++, so it runs on another userland).

For every fixture it
1. runs each stored sample (NAME.io*.npz) through the C ABI on the GPU and
   checks every output element against eager PyTorch's stored outputs
   (float32: |got - want| <= 1e-4 + 1e-4 |want|, docs/design.md), 4 times in a
   row: directly, then captured into a CUDA graph, then replayed (the
   runtime captures a shape on its second run);
2. runs it from 4 threads at once (each run takes its own execution
   context, hence its own CUDA stream), every output checked again;
3. times it next to eager PyTorch on the same GPU (TF32 off, inputs already
   on the GPU for eager): pt2c-run bench from host tensors (copying the
   inputs in and the outputs back, as a server fed from host memory would)
   and with --resident (device tensors in and out, as eager's), the latter
   also with --cuda-graphs off (kernels launched one by one).
Exit 0 only when every check passed.
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import time

FIXTURES = ["mlp", "mlp_dynamic", "convnet", "attention_block", "tiny_unet", "squeezenet1_1",
            "mobilenet_v3_small", "vit_tiny", "bert_tiny", "gpt2_tiny", "llama_tiny"]


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def bench(runner, library, sample, runs, extra):
    """pt2c-run bench's median in ms (NaN when it fails, printing why)."""
    code, text = run([runner, "bench", library, "--device", "cuda", "--inputs", sample,
                      "--runs", str(runs)] + weights_of(library) + extra)
    match = re.search(r"median ([0-9.]+) ms", text)
    if code == 0 and match:
        return float(match.group(1))
    print(text)
    return float("nan")


# With --external-weights: NAME.so was compiled with `--weights external`
# and reads its weights from the fixture's own archive (much less to carry
# to the GPU machine).
WEIGHTS = {}


def weights_of(library):
    return ["--weights", WEIGHTS[library]] if library in WEIGHTS else []


def eager_cuda_ms(archive, inputs, runs):
    import numpy as np
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    program = torch.export.load(archive).module().to("cuda")
    # Ops that create tensors (arange, full, ...) were exported with
    # device=cpu baked in: point them at the GPU too.
    def on_cpu(value):
        return isinstance(value, torch.device) and value.type == "cpu"

    # Nested graphs too (autocast and grad-mode regions are submodules).
    for graph_module in [m for m in program.modules() if isinstance(m, torch.fx.GraphModule)]:
        for node in graph_module.graph.nodes:
            if on_cpu(node.kwargs.get("device")):
                node.update_kwarg("device", torch.device("cuda"))
            # aten.to.device takes it positionally.
            if any(on_cpu(a) for a in node.args):
                node.args = tuple(torch.device("cuda") if on_cpu(a) else a for a in node.args)
            # Tensor constants held as plain attributes do not move with .to().
            if node.op == "get_attr":
                *path, attr = node.target.split(".")
                owner = graph_module.get_submodule(".".join(path)) if path else graph_module
                value = getattr(owner, attr)
                if isinstance(value, torch.Tensor) and value.device.type == "cpu":
                    setattr(owner, attr, value.to("cuda"))
        graph_module.recompile()
    data = np.load(inputs)
    count = len([k for k in data if k.startswith("in")])
    args = [torch.from_numpy(data[f"in{i}"]).to("cuda") for i in range(count)]
    with torch.inference_mode():
        for _ in range(10):
            program(*args)
        torch.cuda.synchronize()
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            program(*args)
            torch.cuda.synchronize()
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=50, help="runs per thread, 4 threads")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--external-weights", action="store_true",
                        help="the libraries were compiled with --weights external: read each "
                        "one's weights from DATA/NAME.pt2")
    args = parser.parse_args()
    failures = 0
    rows = []
    for name in args.only or FIXTURES:
        library = os.path.join(args.models, name + ".so")
        samples = sorted(glob.glob(os.path.join(args.data, name + ".io*.npz")))
        if args.external_weights:
            WEIGHTS[library] = os.path.join(args.data, name + ".pt2")
        status = []
        for sample in samples:
            code, text = run([args.runner, "run", library, "--device", "cuda",
                              "--inputs", sample, "--expect", sample,
                              "--concurrency", "1", "--repeat", "3"] + weights_of(library))
            if code != 0:
                failures += 1
                status.append(f"FAIL {os.path.basename(sample)}")
                print(text)
        code, text = run([args.runner, "run", library, "--device", "cuda", "--inputs", samples[0],
                          "--expect", samples[0], "--concurrency", "4", "--repeat", str(args.repeat)]
                         + weights_of(library))
        if code != 0:
            failures += 1
            status.append("FAIL 4 threads")
            print(text)
        correct = "; ".join(status) if status else f"pass ({len(samples)} sample(s), 4x{args.repeat} concurrent)"
        ours, resident, no_graphs = (
            bench(args.runner, library, samples[0], args.runs, extra)
            for extra in ([], ["--resident"], ["--resident", "--cuda-graphs", "off"]))
        eager = float("nan")
        try:
            eager = eager_cuda_ms(os.path.join(args.data, name + ".pt2"), samples[0], args.runs)
        except Exception as error:  # eager's own failures are reported, not fatal
            print(f"{name}: eager PyTorch failed: {error}")
        rows.append((name, correct, eager, ours, resident, no_graphs))
        print(f"{name}: {correct}; eager {eager:.3f} ms, pt2c {ours:.3f} ms, "
              f"resident {resident:.3f} ms, resident without graphs {no_graphs:.3f} ms",
              flush=True)
    print()
    print("| fixture | correctness (1e-4 + 1e-4·|want|) | eager CUDA (ms) | pt2c CUDA, host "
          "tensors (ms) | pt2c CUDA, resident (ms) | resident, no graphs (ms) | "
          "resident / eager |")
    print("|---|---|---|---|---|---|---|")
    for name, correct, eager, ours, resident, no_graphs in rows:
        print(f"| {name} | {correct} | {eager:.3f} | {ours:.3f} | {resident:.3f} | "
              f"{no_graphs:.3f} | {resident / eager:.2f}x |")
    print(f"\n{'ALL PASSED' if failures == 0 else f'{failures} FAILED'}")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
