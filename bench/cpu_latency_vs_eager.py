#!/usr/bin/env python3
"""Benchmark: CPU latency of pt2c-compiled fixtures next to eager PyTorch.

Run where torch is installed (the GPU machine's CPU), with the compiled
libraries and pt2c-run built on the build machine:

  python3 bench/cpu_latency_vs_eager.py --models DIR --data test/data --runner DIR/pt2c-run

DIR holds NAME.so for each fixture (bench/compile_fixtures.sh makes them).
Both sides run the fixture's stored inputs (NAME.io.npz) with the same
number of threads; each reports the median of --runs timed runs after warmup.
"""
import argparse
import os
import re
import statistics
import subprocess
import time

FIXTURES = ["mlp", "mlp_dynamic", "convnet", "attention_block", "tiny_unet", "squeezenet1_1",
            "mobilenet_v3_small", "vit_tiny", "bert_tiny", "gpt2_tiny", "llama_tiny"]


def eager_ms(archive, inputs, runs, threads):
    import numpy as np
    import torch
    torch.set_num_threads(threads)
    program = torch.export.load(archive).module()
    data = np.load(inputs)
    args = [torch.from_numpy(data[f"in{i}"]) for i in range(len([k for k in data if k.startswith("in")]))]
    with torch.inference_mode():
        for _ in range(10):
            program(*args)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            program(*args)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def pt2c_ms(runner, library, inputs, runs, threads):
    out = subprocess.run([runner, "bench", library, "--inputs", inputs, "--runs", str(runs),
                          "--threads", str(threads)], capture_output=True, text=True, check=True)
    return float(re.search(r"median ([0-9.]+) ms", out.stdout + out.stderr).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    print(f"| fixture | eager PyTorch (ms) | pt2c (ms) | pt2c / eager |  ({args.threads} thread(s), "
          f"median of {args.runs})")
    print("|---|---|---|---|")
    for name in FIXTURES:
        library = os.path.join(args.models, name + ".so")
        inputs = os.path.join(args.data, name + ".io.npz")
        eager = eager_ms(os.path.join(args.data, name + ".pt2"), inputs, args.runs, args.threads)
        ours = pt2c_ms(args.runner, library, inputs, args.runs, args.threads)
        print(f"| {name} | {eager:.3f} | {ours:.3f} | {ours / eager:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
