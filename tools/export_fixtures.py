#!/usr/bin/env python3
"""Exports test/data's fixtures: the models of tools/fixture_models.py, saved
by torch.export.save with their example inputs and eager outputs.

Run where torch 2.11, torchvision, timm and transformers are installed (the
GPU machine; no network or GPU needed: weights are random, eager runs on
the CPU), from anywhere:

    python3 tools/export_fixtures.py OUTDIR [--only NAME ...] [--list]

For each fixture NAME it writes OUTDIR/NAME.pt2 (the program exactly as
torch.export.export returns it: the TRAINING dialect, not decomposed, as
users ship it), OUTDIR/NAME.io.npz (in0, in1, ... the flat inputs, out0,
... eager PyTorch's flat outputs in float32, both as np.savez writes them;
bfloat16 stored as float32), OUTDIR/NAME.io2.npz for a model with a second
sample, and OUTDIR/manifest.json (test/data/README.md describes it; the
entries of fixtures not exported this time are kept). Stack traces in the
archives name files relative to the repository or to the Python
environment (tools/relative_traces.py), never this machine's folders.
Exits 1 if any fixture failed; the others are still written.
"""
import argparse
import json
import os
import sys
import time
import traceback
import zipfile

import numpy as np
import torch

from fixture_models import FIXTURES, randomize_norms
from relative_traces import REPO_ROOT, check_archive, relativize_program


def flat(outputs):
    return tuple(outputs) if isinstance(outputs, (tuple, list)) else (outputs,)


def to_numpy(tensor):
    """float32 for bfloat16 (numpy has no bfloat16; every value is exact)."""
    tensor = tensor.detach().cpu()
    return (tensor.float() if tensor.dtype == torch.bfloat16 else tensor).numpy()


def dtype_name(tensor):
    return str(tensor.dtype).replace("torch.", "")


def save_sample(path, args, outputs):
    arrays = {f"in{i}": to_numpy(a) for i, a in enumerate(args)}
    arrays.update({f"out{i}": to_numpy(o) for i, o in enumerate(outputs)})
    np.savez(path, **arrays)


def count_targets(graph, counts):
    """Node targets as serialized, counted over the graph and its subgraphs."""
    for node in graph["nodes"]:
        counts[node["target"]] = counts.get(node["target"], 0) + 1
        for named in node["inputs"]:
            subgraph = named["arg"].get("as_graph")
            if subgraph:
                count_targets(subgraph["graph"], counts)
    return counts


def archive_targets(path):
    with zipfile.ZipFile(path) as archive:
        name = next(n for n in archive.namelist() if n.endswith("models/model.json"))
        graph = json.loads(archive.read(name))["graph_module"]["graph"]
    return dict(sorted(count_targets(graph, {}).items()))


def core_aten_targets(program):
    """What torch's own run_decompositions() leaves, for reference; its
    failure is recorded, not fatal (it fails inside torch for gpt2_tiny)."""
    try:
        counts = {}
        for node in program.run_decompositions().graph.nodes:
            if node.op == "call_function":
                counts[str(node.target)] = counts.get(str(node.target), 0) + 1
        return counts
    except Exception as error:  # noqa: BLE001 - torch's failure is data here
        return {"error": type(error).__name__ + ": " + str(error).split("\n")[0][:200]}


def export_one(name, outdir):
    start = time.time()
    made = FIXTURES[name]()
    module = randomize_norms(made.module.eval())
    with torch.no_grad():
        expected = flat(module(*made.args))
    program = torch.export.export(module, made.args, dynamic_shapes=made.dynamic_shapes)
    relativize_program(program, REPO_ROOT)
    path = os.path.join(outdir, name + ".pt2")
    torch.export.save(program, path)
    check_archive(path)
    export_seconds = time.time() - start

    with torch.no_grad():
        reloaded = flat(torch.export.load(path).module()(*made.args))
    roundtrip = max(float((a.float() - b.float()).abs().max()) for a, b in zip(expected, reloaded))
    save_sample(os.path.join(outdir, name + ".io.npz"), made.args, expected)
    if made.second_args is not None:
        with torch.no_grad():
            second = flat(module(*made.second_args))
        save_sample(os.path.join(outdir, name + ".io2.npz"), made.second_args, second)
    return {
        "name": name,
        "archive": os.path.basename(path),
        "graph_only": False,
        "bytes": os.path.getsize(path),
        "params": sum(p.numel() for p in module.parameters()),
        "export_s": round(export_seconds, 2),
        "roundtrip_maxdiff": roundtrip,
        "inputs": [{"shape": list(a.shape), "dtype": dtype_name(a)} for a in made.args],
        "outputs": [{"shape": list(o.shape), "dtype": dtype_name(o)} for o in expected],
        "dynamic": made.dynamic_shapes is not None,
        "ops": archive_targets(path),
        "core_aten_ops": core_aten_targets(program),
        "torch": torch.__version__,
    }


def write_manifest(outdir, entries):
    """Merges `entries` into OUTDIR/manifest.json, in FIXTURES order."""
    path = os.path.join(outdir, "manifest.json")
    merged = {}
    if os.path.exists(path):
        with open(path) as f:
            merged = {entry["name"]: entry for entry in json.load(f)}
    merged.update(entries)
    ordered = [merged[name] for name in FIXTURES if name in merged]
    ordered += [entry for name, entry in merged.items() if name not in FIXTURES]
    with open(path, "w") as f:
        json.dump(ordered, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir", nargs="?", help="where to write (created if missing)")
    parser.add_argument("--only", nargs="+", metavar="NAME", choices=sorted(FIXTURES),
                        help="export these fixtures only")
    parser.add_argument("--list", action="store_true", help="print the fixtures and stop")
    args = parser.parse_args()
    if args.list:
        print("\n".join(FIXTURES))
        return 0
    if not args.outdir:
        parser.error("OUTDIR is required")
    os.makedirs(args.outdir, exist_ok=True)
    exported, failed = {}, []
    for name in args.only or FIXTURES:
        try:
            entry = export_one(name, args.outdir)
        except Exception:  # noqa: BLE001 - one failing model must not stop the others
            traceback.print_exc()
            print(f"FAIL {name}", flush=True)
            failed.append(name)
            continue
        exported[name] = entry
        print(f"ok   {name:20s} {entry['bytes'] / 1e6:7.2f} MB, {len(entry['ops'])} targets, "
              f"round trip {entry['roundtrip_maxdiff']:.1e}", flush=True)
    write_manifest(args.outdir, exported)
    if failed:
        print(f"{len(failed)} failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
