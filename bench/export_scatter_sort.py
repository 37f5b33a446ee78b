#!/usr/bin/env python3
"""Real-size programs for the scatter, sort and data-dependent paths.

Run where torch 2.11 is installed (the GPU machine):
    python3 bench/export_scatter_sort.py OUTDIR [--io] [--eager-times DEVICE]

Writes OUTDIR/<name>.pt2 (no weights: every tensor is an input) for
  gnn_scatter   message passing: out = zeros(N, F).index_add(0, dst, x[src] * w),
                N = 4096 nodes, E = 65536 edges, F = 32 features
  kv_write      a kv-cache write of one token: cache.index_copy(2, pos, k),
                cache [8, 12, 2048, 64], k [8, 12, 1, 64]
  topk_vocab    top-50 of logits [8, 50257] (GPT-2's vocabulary)
  sort_rows     torch.sort of [64, 1000] along the rows
  nonzero_mask  torch.nonzero of a [512, 512] mask, about a tenth set
  cumsum_rows   running sums: x.cumsum(1) of [32, 8192] float32 and the
                position ids mask.long().cumsum(1) - 1 of an [8, 4096] mask
  unique_ids    torch.unique of 16384 token ids in [0, 4096) with the
                inverse and the counts
With --io also OUTDIR/<name>.io.npz: the inputs (in0, in1, ...; the
indices spread over their whole range) and eager's outputs on the CPU
(out0, ...), for `pt2c-run run MODEL.so --inputs X.io.npz --expect
X.io.npz` and `pt2c-run bench MODEL.so --inputs X.io.npz`. Without it,
time with `--random-inputs` (random indices are 0 or 1: in range for every
model, but every update then lands on one of two positions). With
--eager-times cuda (or cpu) it prints eager torch's median time of each
program on that device. bench/README.md has the numbers.
"""
import os
import sys

import torch


class GnnScatter(torch.nn.Module):
    def forward(self, x, src, dst, w):
        messages = x[src] * w[:, None]
        return torch.zeros(x.shape[0], x.shape[1], dtype=x.dtype).index_add(0, dst, messages)


class KvWrite(torch.nn.Module):
    def forward(self, cache, pos, k):
        return cache.index_copy(2, pos, k)


class TopkVocab(torch.nn.Module):
    def forward(self, logits):
        return tuple(torch.topk(logits, 50))


class SortRows(torch.nn.Module):
    def forward(self, x):
        return tuple(torch.sort(x, dim=1))


class NonzeroMask(torch.nn.Module):
    def forward(self, x):
        return torch.nonzero(x > 0.9)


class CumsumRows(torch.nn.Module):
    def forward(self, x, mask):
        return x.cumsum(1), mask.long().cumsum(1) - 1


class UniqueIds(torch.nn.Module):
    def forward(self, ids):
        return torch.unique(ids, return_inverse=True, return_counts=True)


def programs():
    """Each program's module and inputs (one generator, seed 0, in order)."""
    g = torch.Generator().manual_seed(0)
    n, e, f = 4096, 65536, 32
    return {
        "gnn_scatter": (GnnScatter(), (torch.randn(n, f, generator=g),
                                       torch.randint(0, n, (e,), generator=g),
                                       torch.randint(0, n, (e,), generator=g),
                                       torch.rand(e, generator=g))),
        "kv_write": (KvWrite(), (torch.randn(8, 12, 2048, 64, generator=g),
                                 torch.tensor([100]), torch.randn(8, 12, 1, 64, generator=g))),
        "topk_vocab": (TopkVocab(), (torch.randn(8, 50257, generator=g),)),
        "sort_rows": (SortRows(), (torch.randn(64, 1000, generator=g),)),
        "nonzero_mask": (NonzeroMask(), (torch.rand(512, 512, generator=g),)),
        "cumsum_rows": (CumsumRows(), (torch.randn(32, 8192, generator=g),
                                       torch.rand(8, 4096, generator=g) < 0.9)),
        "unique_ids": (UniqueIds(), (torch.randint(0, 4096, (16384,), generator=g),)),
    }


def write_io(path, module, args):
    """in0, in1, ... and eager's outputs out0, ... (CPU) as one .npz."""
    import numpy as np
    with torch.no_grad():
        outputs = module(*args)
    if not isinstance(outputs, tuple):
        outputs = (outputs,)
    arrays = {f"in{i}": a.numpy() for i, a in enumerate(args)}
    arrays.update({f"out{i}": o.numpy() for i, o in enumerate(outputs)})
    np.savez(path, **arrays)


def eager_median_ms(module, args, device, runs=50):
    """Median of `runs` timed calls after 5 untimed ones."""
    import time
    args = tuple(a.to(device) for a in args)
    # Tensors the programs create (gnn_scatter's zeros) on that device too.
    with torch.no_grad(), torch.device(device):
        for _ in range(5):
            module(*args)
        times = []
        for _ in range(runs):
            if device == "cuda":
                torch.cuda.synchronize()
            start = time.perf_counter()
            module(*args)
            if device == "cuda":
                torch.cuda.synchronize()
            times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--io", action="store_true",
                        help="also write <name>.io.npz: inputs and eager outputs")
    parser.add_argument("--eager-times", metavar="DEVICE",
                        help="print eager torch's median time per program on DEVICE")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, (module, inputs) in programs().items():
        program = torch.export.export(module, inputs)
        program._example_inputs = None  # graph only: the inputs are not stored
        torch.export.save(program, os.path.join(args.out, name + ".pt2"))
        if args.io:
            write_io(os.path.join(args.out, name + ".io.npz"), module, inputs)
        print(name, "exported", file=sys.stderr)
        if args.eager_times:
            ms = eager_median_ms(module, inputs, args.eager_times)
            print(f"{name}: eager {ms:.3f} ms on {args.eager_times}")


if __name__ == "__main__":
    main()
