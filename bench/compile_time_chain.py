#!/usr/bin/env python3
"""How pt2c's compile time grows with the graph (issue #18 item 6).

    python3 bench/compile_time_chain.py [--pt2c build/bin/pt2c] [--nodes 250,500,1000,2000]
                                        [--op gelu] [--work DIR]

Builds chains of N unary nodes (x -> op -> op -> ... -> op) from a real
torch export: the op corpus's one-node archive of that op
(test/data/corpus/activation.pt2, model `OP-f32`), its model JSON edited so
the node repeats N times, each reading the one before (its tensor metadata
copied), everything else in the archive as torch wrote it. Compiles each
with `pt2c -v` (every stage's time on stderr) and prints a Markdown table:
nodes, wall seconds, peak RSS of the compiler, seconds per 1000 nodes, and
the slowest stages. Compile time linear in the graph means the per-1000
column stays flat.
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "test", "data", "corpus", "activation.pt2")


def keeps(name, json_name, model):
    """Whether the chain's archive keeps this entry: everything but the
    other programs of the corpus archive and their per-model files."""
    if "/models/" in name:
        return name == json_name
    per_model = any(part in name for part in ("/data/weights/", "/data/constants/",
                                              "/data/sample_inputs/"))
    base = name.rsplit("/", 1)[-1]
    return not per_model or base.startswith(model + "_") or base.startswith(model + ".")


def chain_archive(op, nodes, path):
    """Writes an archive whose model `OP-f32` is a chain of `nodes` ops."""
    model = f"{op}-f32"
    with zipfile.ZipFile(CORPUS) as source:
        names = source.namelist()
        json_name = next(n for n in names if n.endswith(f"/models/{model}.json"))
        program = json.loads(source.read(json_name))
        graph = program["graph_module"]["graph"]
        (node,) = graph["nodes"]
        (first_input,) = node["inputs"]
        input_name = first_input["arg"]["as_tensor"]["name"]
        output_name = node["outputs"][0]["as_tensor"]["name"]
        meta = graph["tensor_values"][output_name]
        chain, values = [], {input_name: graph["tensor_values"][input_name]}
        previous = input_name
        for index in range(nodes):
            name = f"{output_name}_{index}"
            step = json.loads(json.dumps(node))
            step["name"] = name
            step["inputs"][0]["arg"]["as_tensor"]["name"] = previous
            step["outputs"][0]["as_tensor"]["name"] = name
            chain.append(step)
            values[name] = meta
            previous = name
        graph["nodes"] = chain
        graph["tensor_values"] = values
        graph["outputs"][0]["as_tensor"]["name"] = previous
        signature = program["graph_module"]["signature"]
        signature["output_specs"][0]["user_output"]["arg"]["as_tensor"]["name"] = previous
        with zipfile.ZipFile(path, "w") as target:
            for name in names:
                if keeps(name, json_name, model):
                    data = json.dumps(program).encode() if name == json_name else source.read(name)
                    target.writestr(name, data)
    return model


def compile_once(pt2c, archive, model, library, options=()):
    """Wall seconds, the compiler's peak RSS in MiB and its -v stage times."""
    start = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run([pt2c, archive, "--model", model, "-o", library, "-v", *options],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"pt2c failed on {archive}:\n{done.stderr[-2000:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    stages = {}
    for line in done.stderr.splitlines():
        # "pt2c: generate code and link X.so (105.5 ms)"
        match = re.match(r"pt2c: (.+?) \(([0-9.]+) (ms|s)\)$", line)
        if match:
            name = re.sub(r" \S*/\S+$", "", match.group(1))
            stages[name] = float(match.group(2)) / (1000.0 if match.group(3) == "ms" else 1.0)
    # ru_maxrss of children is the largest so far: only growth is this one's.
    return seconds, max(peak, before) / 1024.0, stages


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pt2c", default=os.path.join(ROOT, "build", "bin", "pt2c"))
    parser.add_argument("--nodes", default="250,500,1000,2000")
    parser.add_argument("--op", default="gelu")
    parser.add_argument("--work", default="/tmp/pt2c-compile-time")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    print(f"{args.op} chains, {time.strftime('%Y-%m-%d')}, {len(os.sched_getaffinity(0))} CPUs (of {os.cpu_count()})\n")
    print("| nodes | seconds | peak RSS MiB | seconds per 1000 nodes | slowest stages |")
    print("|---|---|---|---|---|")
    for nodes in [int(n) for n in args.nodes.split(",")]:
        archive = os.path.join(args.work, f"{args.op}_{nodes}.pt2")
        model = chain_archive(args.op, nodes, archive)
        seconds, peak, stages = compile_once(args.pt2c, archive, model,
                                             os.path.join(args.work, f"{args.op}_{nodes}.so"))
        slowest = sorted(stages.items(), key=lambda kv: -kv[1])[:3]
        listed = "; ".join(f"{name} {value:.2f} s" for name, value in slowest)
        print(f"| {nodes} | {seconds:.2f} | {peak:.0f} | {1000 * seconds / nodes:.2f} | {listed} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
