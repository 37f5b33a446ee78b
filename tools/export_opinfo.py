#!/usr/bin/env python3
"""PyTorch's OpInfo samples as a test corpus: every entry of torch's op_db, its
sample inputs in every dtype it takes, exported as real programs with eager
outputs.

Run where torch 2.11 is installed (the GPU machine; CPU tensors only):
    python3 tools/export_opinfo.py OUTDIR [--samples N|all] [--dtypes f32,f16,...]
                                   [--ops NAME,...] [--jobs J] [--pick N [--seed S]]

For each op_db entry (torch.testing._internal.common_methods_invocations),
each dtype of DTYPES the entry supports on the CPU, and its first N sample
inputs (default 1: the CI subset; --pick N: N samples drawn uniformly from
all of them, which estimates the full set), the sample becomes one program: the
entry's function called on the sample's input, args and kwargs, whose
tensors (nested lists and kwargs included) are the program's inputs and
everything else constants. It is exported with torch.export.export(...,
strict=False) and run eagerly on the same inputs.

Writes, per dtype, OUTDIR/opinfo-<dtype>.pt2 (a multi-model archive: one
model per entry and sample, named <entry>[__<variant>]-s<k>-<dtype>),
OUTDIR/opinfo-<dtype>.io.npz (inputs and eager outputs, the op corpus's
format: test/e2e/check_op_corpus.py checks both) and OUTDIR/manifest.json:
every entry x sample x dtype, exported (under "models": its op, variant,
sample, inputs, outputs and the ATen targets in its graph) or not (under
"skipped": why, in torch's words). A program whose eager values are not
expected values is marked "random": one whose result (eager, or the exported
program's: OpInfo fixes the seed of its random entries in Python, which the
graph does not keep) changes with torch's seed, and torch.empty's
uninitialized memory. Its outputs are not stored (pt2c
draws its own numbers; the op corpus's random family judges the
distributions), and the check only compiles and runs it.
"""
import argparse
import io
import json
import multiprocessing
import os
import random
import re
import sys

# CPU programs only; a CUDA context made by one sample would make the
# forked workers fail ("Cannot re-initialize CUDA in forked subprocess").
os.environ["CUDA_VISIBLE_DEVICES"] = ""
import torch  # noqa: E402
from torch.utils import _pytree as pytree  # noqa: E402

from export_op_corpus import flatten, to_numpy, write_family
from relative_traces import REPO_ROOT, relativize_program

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i64": torch.int64, "i32": torch.int32, "bool": torch.bool}
DEFAULT_DTYPES = ("f32", "f16", "bf16", "i64", "bool")
# Ops whose result holds uninitialized memory: no expected values.
UNINITIALIZED = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided",
                 "empty_permuted"}


def op_db():
    try:
        import expecttest  # noqa: F401  (torch.testing's test-only dependency)
    except ImportError:
        # torch.testing._internal.common_utils derives its TestCase from
        # expecttest.TestCase; the samples never use it, so a stand-in base
        # class lets op_db load where the package is not installed.
        import types
        import unittest
        sys.modules["expecttest"] = types.SimpleNamespace(TestCase=unittest.TestCase)
    from torch.testing._internal.common_methods_invocations import op_db as db
    return db


def entry_name(op):
    """A model-name-safe name: `nn.functional.conv2d` + variant -> nn_functional_conv2d__variant."""
    name = op.name + (f"__{op.variant_test_name}" if op.variant_test_name else "")
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


class Sample(torch.nn.Module):
    """One OpInfo sample as a module: forward takes the sample's tensors (in
    pytree order) and calls the entry's function with everything else as
    constants."""

    def __init__(self, function, spec, leaves, tensor_positions):
        super().__init__()
        self.function = function
        self.spec = spec
        self.leaves = leaves
        self.tensor_positions = tensor_positions

    def forward(self, *tensors):
        leaves = list(self.leaves)
        for position, tensor in zip(self.tensor_positions, tensors):
            leaves[position] = tensor
        input_, args, kwargs = pytree.tree_unflatten(leaves, self.spec)
        return tuple(flatten(self.function(input_, *args, **kwargs)))


def eager(module, tensors, seed):
    torch.manual_seed(seed)
    with torch.no_grad():
        return module(*[t.clone() for t in tensors])


def same(a, b):
    """Equal outputs, NaN where NaN (to tell a random op from a deterministic one)."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        try:
            torch.testing.assert_close(x, y, rtol=0, atol=0, equal_nan=True)
        except AssertionError:
            return False
    return True


def export_sample(op, sample, dname):
    """(program, inputs, outputs, random) for one sample; raises when eager
    PyTorch or torch.export refuses it."""
    leaves, spec = pytree.tree_flatten((sample.input, tuple(sample.args), dict(sample.kwargs)))
    positions = [k for k, leaf in enumerate(leaves) if isinstance(leaf, torch.Tensor)]
    tensors = [leaves[k].detach().clone() for k in positions]
    module = Sample(op.op, spec, leaves, positions).eval()
    outputs = eager(module, tensors, seed=0)
    if not outputs:
        raise ValueError("the sample returns no tensor")
    random = not same(outputs, eager(module, tensors, seed=1))
    if not random and not same(outputs, eager(module, tensors, seed=0)):
        raise ValueError("eager PyTorch gives different results on two runs with one seed")
    program = torch.export.export(module, tuple(t.clone() for t in tensors), strict=False)
    relativize_program(program, REPO_ROOT)
    # OpInfo wraps its random entries in a fixed torch.manual_seed, so their
    # eager values repeat; the exported graph keeps the draw but not that
    # Python call, so the program itself, run under two seeds, tells.
    if not random:
        runnable = program.module()
        random = not same(eager(runnable, tensors, seed=0), eager(runnable, tensors, seed=1))
    # torch.empty and its kin return whatever the memory held, which may
    # repeat between two runs by chance.
    random = random or any(str(node.target).split(".")[1] in UNINITIALIZED
                           for node in program.graph.nodes if node.op == "call_function"
                           and str(node.target).startswith("aten."))
    return program, tensors, outputs, random


def count_task(task):
    """How many samples one entry has in one dtype (0 when torch cannot make
    them): the population --pick draws from."""
    index, dname = task
    torch.set_num_threads(1)
    try:
        return index, dname, sum(1 for _ in op_db()[index].sample_inputs(
            "cpu", DTYPES[dname], requires_grad=False))
    except Exception:
        return index, dname, 0


def export_task(task):
    """One entry in one dtype: its first `samples` samples, or those whose
    positions are in `samples` (a tuple); returns records (picklable:
    programs as torch.export.save bytes)."""
    index, dname, samples = task
    torch.set_num_threads(1)
    op = op_db()[index]
    name = entry_name(op)
    records = []
    base = {"op": op.name, "variant": op.variant_test_name, "dtype": dname}
    chosen = set(samples) if isinstance(samples, tuple) else None
    try:
        iterator = iter(op.sample_inputs("cpu", DTYPES[dname], requires_grad=False))
    except Exception as error:
        return [dict(base, sample=0, skipped=f"{type(error).__name__}: {str(error)[:300]}")]
    for k in range(max(chosen) + 1 if chosen else samples):
        try:
            sample = next(iterator)
        except StopIteration:
            break
        except Exception as error:
            records.append(dict(base, sample=k, skipped=f"{type(error).__name__}: {str(error)[:300]}"))
            break
        if chosen is not None and k not in chosen:
            continue
        model = f"{name}-s{k}-{dname}"
        try:
            program, inputs, outputs, random = export_sample(op, sample, dname)
            buffer = io.BytesIO()
            torch.export.save(program, buffer)
            arrays = {f"{model}.in{j}": to_numpy(t) for j, t in enumerate(inputs)}
            if not random:
                arrays.update({f"{model}.out{j}": to_numpy(t) for j, t in enumerate(outputs)})
        except Exception as error:  # eager, export or numpy refuses: record, never claim
            records.append(dict(base, sample=k, skipped=f"{type(error).__name__}: {str(error)[:300]}"))
            continue
        records.append(dict(base, sample=k, model=model, program=buffer.getvalue(), arrays=arrays,
                            random=random,
                            inputs=[[str(t.dtype).replace("torch.", ""), list(t.shape)] for t in inputs],
                            outputs=[[str(t.dtype).replace("torch.", ""), list(t.shape)] for t in outputs]))
    return records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--samples", default="1", help="samples per entry and dtype: a number or 'all'")
    parser.add_argument("--dtypes", default=",".join(DEFAULT_DTYPES),
                        help=f"comma-separated, of {', '.join(DTYPES)}")
    parser.add_argument("--ops", help="comma-separated op_db names (e.g. add,nn.functional.conv2d)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--pick", type=int, default=0,
                        help="export N programs drawn uniformly (without replacement) from "
                             "every sample of every entry and dtype: an estimate of the full set")
    parser.add_argument("--seed", type=int, default=0, help="seed of --pick's draw")
    args = parser.parse_args()
    samples = 1 << 30 if args.samples == "all" else int(args.samples)
    dtypes = args.dtypes.split(",")
    db = op_db()
    wanted = set(args.ops.split(",")) if args.ops else None
    manifest = {"torch": torch.__version__, "samples": args.samples, "models": {}, "skipped": []}
    tasks = []
    for index, op in enumerate(db):
        if wanted and op.name not in wanted:
            continue
        supported = op.supported_dtypes("cpu")
        for dname in dtypes:
            if DTYPES[dname] in supported:
                tasks.append((index, dname, samples))
            else:
                manifest["skipped"].append({"op": op.name, "variant": op.variant_test_name,
                                            "dtype": dname, "sample": 0,
                                            "reason": "the entry does not take this dtype on the CPU"})
    if args.pick:
        # Count every sample first, then draw; each task exports its draws.
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            counts = pool.map(count_task, [(i, d) for i, d, _ in tasks], chunksize=4)
        population = [(i, d, k) for i, d, n in counts for k in range(n)]
        drawn = random.Random(args.seed).sample(population, min(args.pick, len(population)))
        by_task = {}
        for i, d, k in drawn:
            by_task.setdefault((i, d), []).append(k)
        tasks = [(i, d, tuple(sorted(ks))) for (i, d), ks in sorted(by_task.items())]
        manifest["samples"] = (f"{len(drawn)} drawn uniformly from all {len(population)} "
                               f"samples of these dtypes (seed {args.seed})")
    print(f"{len(tasks)} entry x dtype tasks on {args.jobs} processes", file=sys.stderr)
    os.makedirs(args.outdir, exist_ok=True)
    programs = {d: {} for d in dtypes}
    arrays = {d: {} for d in dtypes}
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for done, records in enumerate(pool.imap_unordered(export_task, tasks, chunksize=4)):
            for r in records:
                if "skipped" in r:
                    manifest["skipped"].append({k: r[k] for k in ("op", "variant", "dtype", "sample")}
                                               | {"reason": r["skipped"]})
                    continue
                family = f"opinfo-{r['dtype']}"
                programs[r["dtype"]][r["model"]] = torch.export.load(io.BytesIO(r["program"]))
                arrays[r["dtype"]].update(r["arrays"])
                manifest["models"][f"{family}/{r['model']}"] = {
                    "family": family, "case": r["model"].rsplit("-", 1)[0], "dtype": r["dtype"],
                    "op": r["op"], "variant": r["variant"], "sample": r["sample"],
                    "random": r["random"], "inputs": r["inputs"], "outputs": r["outputs"]}
            if done % 100 == 0:
                print(f"{done}/{len(tasks)}", file=sys.stderr)
    for dname in dtypes:
        write_family(f"opinfo-{dname}", programs[dname], arrays[dname], args.outdir, manifest)
    manifest["skipped"].sort(key=lambda s: (s["op"], s["variant"], s["dtype"], s["sample"]))
    with open(os.path.join(args.outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    exported = len(manifest["models"])
    print(f"{exported} programs exported, {len(manifest['skipped'])} entry x sample x dtype "
          "not (manifest.json says why)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
