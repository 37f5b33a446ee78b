#!/usr/bin/env python3
"""Compile time of a deep transformer graph (issue #18 item 6).

    # where torch and transformers are installed (the GPU machine): export
    # llama-style decoders of 4, 8, 16 and 32 layers, graph only
    python3 bench/compile_time_transformer.py export WORK [--layers 4,8,16,32]
    # on the build machine: compile each and print a Markdown table
    python3 bench/compile_time_transformer.py compile WORK [--pt2c build/bin/pt2c]
                                                      [--target cpu|cuda]

A 32-layer LLM graph has several thousand nodes; compile time must grow
linearly with the layers and stay under a minute on 2 cores. The models are
transformers' LlamaForCausalLM with real_models.py's llama-style sizes
(hidden 512, 8 heads / 4 kv heads, ffn 1408, vocab 32000) and only the
layer count changed, exported with torch.export at batch 1 x 128 tokens
(random weights, seed 0) and saved graph-only (weight payloads emptied):
pt2c compiles them with --weights external, which reads shapes only. The
node count is read from each archive's model JSON. Compile: wall seconds
and the compiler's peak RSS (`pt2c -v` prints the stages, the slowest are
listed).
"""
import argparse
import json
import os
import sys
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_time_chain import compile_once  # noqa: E402
from real_models import write_graph_only  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def export(work, layers):
    import torch
    import transformers
    os.makedirs(work, exist_ok=True)
    for count in layers:
        torch.manual_seed(0)
        config = transformers.LlamaConfig(vocab_size=32000, hidden_size=512, intermediate_size=1408,
                                          num_hidden_layers=count, num_attention_heads=8,
                                          num_key_value_heads=4, use_cache=False)
        model = transformers.LlamaForCausalLM(config).eval()
        ids = torch.randint(0, 32000, (1, 128))
        start = time.time()
        program = torch.export.export(model, (ids,), strict=False)
        full = os.path.join(work, f"llama{count}.full.pt2")
        torch.export.save(program, full)
        write_graph_only(full, os.path.join(work, f"llama{count}.pt2"))
        os.remove(full)
        print(f"exported llama{count}: {len(program.graph.nodes)} nodes, "
              f"{time.time() - start:.1f} s", flush=True)


def nodes_of(archive):
    """Nodes of the archive's first model program (its JSON's graph)."""
    with zipfile.ZipFile(archive) as zf:
        name = next(n for n in zf.namelist() if "/models/" in n and n.endswith(".json"))
        program = json.loads(zf.read(name))
    return len(program["graph_module"]["graph"]["nodes"]), name.rsplit("/", 1)[-1][:-5]


def compile_all(work, pt2c, target):
    archives = sorted((f for f in os.listdir(work) if f.startswith("llama") and f.endswith(".pt2")
                       and ".full." not in f), key=lambda f: int(f[5:-4]))
    print(f"llama-style decoders, graph only, target {target}, {time.strftime('%Y-%m-%d')}, "
          f"{len(os.sched_getaffinity(0))} CPUs (of {os.cpu_count()})\n")
    print("| layers | nodes | seconds | seconds per layer | peak RSS MiB | slowest stages |")
    print("|---|---|---|---|---|---|")
    for archive in archives:
        layers = int(archive[5:-4])
        path = os.path.join(work, archive)
        nodes, model = nodes_of(path)
        library = os.path.join(work, archive[:-4] + f".{target}.so")
        seconds, rss, stages = compile_once(
            pt2c, path, model, library, ["--weights", "external", "--target", target])
        slowest = ", ".join(f"{name} {t:.1f} s" for name, t in
                            sorted(stages.items(), key=lambda kv: -kv[1])[:3])
        print(f"| {layers} | {nodes} | {seconds:.1f} | {seconds / layers:.2f} | {rss:.0f} | "
              f"{slowest} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    exporting = sub.add_parser("export")
    exporting.add_argument("work")
    exporting.add_argument("--layers", default="4,8,16,32")
    compiling = sub.add_parser("compile")
    compiling.add_argument("work")
    compiling.add_argument("--pt2c", default=os.path.join(ROOT, "build", "bin", "pt2c"))
    compiling.add_argument("--target", default="cpu", choices=("cpu", "cuda"))
    args = parser.parse_args()
    if args.command == "export":
        export(args.work, [int(n) for n in args.layers.split(",")])
    else:
        compile_all(args.work, args.pt2c, args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
