#!/usr/bin/env python3
"""Real-size programs for the scatter, sort and data-dependent paths.

Run where torch 2.11 is installed (the GPU machine):
    python3 bench/export_scatter_sort.py OUTDIR

Writes OUTDIR/<name>.pt2 (no weights: every tensor is an input) for
  gnn_scatter   message passing: out = zeros(N, F).index_add(0, dst, x[src] * w),
                N = 4096 nodes, E = 65536 edges, F = 32 features
  kv_write      a kv-cache write of one token: cache.index_copy(2, pos, k),
                cache [8, 12, 2048, 64], k [8, 12, 1, 64]
  topk_vocab    top-50 of logits [8, 50257] (GPT-2's vocabulary)
  sort_rows     torch.sort of [64, 1000] along the rows
  nonzero_mask  torch.nonzero of a [512, 512] mask, about a tenth set
Time them with `pt2c-run bench MODEL.so --random-inputs` (random indices
are 0 or 1: in range for every model). bench/README.md has the numbers.
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


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    g = torch.Generator().manual_seed(0)
    n, e, f = 4096, 65536, 32
    programs = {
        "gnn_scatter": (GnnScatter(), (torch.randn(n, f, generator=g),
                                       torch.randint(0, n, (e,), generator=g),
                                       torch.randint(0, n, (e,), generator=g),
                                       torch.rand(e, generator=g))),
        "kv_write": (KvWrite(), (torch.randn(8, 12, 2048, 64, generator=g),
                                 torch.tensor([100]), torch.randn(8, 12, 1, 64, generator=g))),
        "topk_vocab": (TopkVocab(), (torch.randn(8, 50257, generator=g),)),
        "sort_rows": (SortRows(), (torch.randn(64, 1000, generator=g),)),
        "nonzero_mask": (NonzeroMask(), (torch.rand(512, 512, generator=g),)),
    }
    for name, (module, args) in programs.items():
        program = torch.export.export(module, args)
        program._example_inputs = None  # graph only: the inputs are not stored
        torch.export.save(program, os.path.join(out, name + ".pt2"))
        print(name, "exported", file=sys.stderr)


if __name__ == "__main__":
    main()
