#!/usr/bin/env python3
"""The op corpus: one small exported program per (case, dtype), made by real PyTorch.

Run where torch 2.11 is installed (the GPU machine):
    python3 tools/export_op_corpus.py OUTDIR [--families a,b] [--list]

Writes, per family, OUTDIR/<family>.pt2 (a multi-model archive: one model per
case and dtype, named <case>-<dtype>), OUTDIR/<family>.io.npz (keys
"<model>.in0", "<model>.out0", ...; bfloat16 stored as float32, docs/design.md
"Test data and tolerances"),
and OUTDIR/manifest.json: per model its family, case, dtype, the op targets
as serialized in the archive (subgraphs included) and its inputs/outputs.
Cases that eager PyTorch itself cannot run in a dtype are left out and listed
under "skipped" with torch's reason, so the corpus never claims a case it lacks.

Every case exports with torch.export.export() defaults (the TRAINING
dialect users ship); a few call core ATen overloads directly (aten.convolution,
aten._softmax, ...) so the ops a decomposed (ATEN dialect) graph holds are
covered too. Inputs are seeded and small; a case's inputs are its arguments,
so the archives hold no weights, except the "weights" family's, whose cases
are modules with (seeded) parameters. With --families, OUTDIR/manifest.json
keeps the other families' entries. Stack traces in the archives name files
relative to the repository or to the Python environment
(tools/relative_traces.py), never this machine's folders.
"""
import argparse
import json
import math
import os
import sys
import zipfile

import numpy as np
import torch
import torch.nn.functional as F
from torch.export import Dim

from compact_archives import compact
from relative_traces import REPO_ROOT, check_archive, relativize_program

aten = torch.ops.aten
FLOATS = ("f32", "f16", "bf16")
F32 = ("f32",)
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i64": torch.int64, "i32": torch.int32, "bool": torch.bool}


class Inputs:
    """Seeded input makers for one case and dtype."""

    def __init__(self, dtype, seed):
        self.dtype = dtype
        self.gen = torch.Generator().manual_seed(seed)

    def r(self, *shape, lo=-2.0, hi=2.0, dtype=None):
        """Uniform floats in [lo, hi) in the case's dtype (or `dtype`)."""
        t = torch.rand(shape, generator=self.gen) * (hi - lo) + lo
        return t.to(dtype or self.dtype)

    def n(self, *shape, dtype=None):
        """Standard normal floats."""
        return torch.randn(shape, generator=self.gen).to(dtype or self.dtype)

    def i(self, *shape, lo=0, hi=10, dtype=torch.int64):
        return torch.randint(lo, hi, shape, generator=self.gen, dtype=dtype)

    def b(self, *shape):
        return torch.rand(shape, generator=self.gen) < 0.5


CASES = []


def case(family, name, dtypes=FLOATS, dynamic=None):
    """Registers `fn(inp) -> (args, forward)`: the inputs and what to compute.
    `dynamic` gives torch.export dynamic_shapes for the flat inputs."""
    def register(fn):
        CASES.append(dict(family=family, name=name, dtypes=dtypes, make=fn, dynamic=dynamic))
        return fn
    return register


def simple(family, name, op, *shapes, dtypes=FLOATS, lo=-2.0, hi=2.0):
    """A case that applies `op` to uniform inputs of the given shapes."""
    @case(family, name, dtypes)
    def _(inp):
        return [inp.r(*s, lo=lo, hi=hi) for s in shapes], op


# ------------------------------------------------------------- unary math
for fname, lo, hi in [("abs", -2, 2), ("acos", -0.9, 0.9), ("acosh", 1.1, 3), ("asin", -0.9, 0.9),
                      ("asinh", -2, 2), ("atan", -2, 2), ("atanh", -0.9, 0.9), ("ceil", -3, 3),
                      ("cos", -3, 3), ("cosh", -2, 2), ("erf", -2, 2), ("exp", -2, 2),
                      ("expm1", -2, 2), ("floor", -3, 3), ("log", 0.1, 3), ("log10", 0.1, 3),
                      ("log1p", -0.5, 3), ("log2", 0.1, 3), ("neg", -2, 2), ("reciprocal", 0.5, 2),
                      ("round", -3, 3), ("rsqrt", 0.1, 3), ("sigmoid", -4, 4), ("sign", -2, 2),
                      ("sin", -3, 3), ("sinh", -2, 2), ("sqrt", 0.1, 3), ("tan", -1, 1),
                      ("tanh", -3, 3), ("trunc", -3, 3)]:
    simple("unary", fname, getattr(torch, fname), (3, 17), lo=lo, hi=hi)


@case("unary", "isinf_isnan")
def _(inp):
    def f(x):
        y = x / (x - x.round())  # inf where x is an integer
        return torch.isinf(y), torch.isnan(torch.sqrt(x))
    x = inp.r(4, 9, lo=-3, hi=3)
    x[0, :3] = torch.tensor([1.0, 0.0, -2.0], dtype=x.dtype)
    return [x], f


@case("unary", "logical_not", dtypes=("f32", "bool", "i64"))
def _(inp):
    x = inp.b(4, 9) if inp.dtype == torch.bool else inp.i(4, 9, lo=-2, hi=2, dtype=inp.dtype) \
        if inp.dtype == torch.int64 else (inp.r(4, 9) * inp.b(4, 9))
    return [x], torch.logical_not


@case("unary", "bitwise_not", dtypes=("i64", "i32", "bool"))
def _(inp):
    x = inp.b(4, 9) if inp.dtype == torch.bool else inp.i(4, 9, lo=-50, hi=50, dtype=inp.dtype)
    return [x], torch.bitwise_not


# ------------------------------------------------------------ binary math
for fname, op in [("add_tensor", lambda a, b: torch.add(a, b, alpha=2)),
                  ("sub_tensor", lambda a, b: torch.sub(a, b, alpha=0.5)),
                  ("mul_tensor", torch.mul), ("div_tensor", lambda a, b: a / (b.abs() + 0.5)),
                  ("div_trunc", lambda a, b: torch.div(a * 4, b.abs() + 0.5, rounding_mode="trunc")),
                  ("div_floor", lambda a, b: torch.div(a * 4, b.abs() + 0.5, rounding_mode="floor")),
                  ("maximum", torch.maximum), ("minimum", torch.minimum),
                  ("fmod_tensor", lambda a, b: torch.fmod(a * 3, b.abs() + 0.5)),
                  ("remainder_tensor", lambda a, b: torch.remainder(a * 3, b.abs() + 0.5)),
                  ("atan2", torch.atan2),
                  ("pow_tensor_tensor", lambda a, b: torch.pow(a.abs() + 0.1, b)),
                  ("clamp_tensor", lambda a, b: torch.clamp(a, min=b, max=b + 1))]:
    simple("binary", fname, op, (3, 1, 8), (4, 8))

for fname, op in [("add_scalar", lambda a: torch.ops.aten.add.Scalar(a, 1.5)),
                  ("sub_scalar", lambda a: torch.ops.aten.sub.Scalar(a, 0.25)),
                  ("mul_scalar", lambda a: torch.ops.aten.mul.Scalar(a, -3)),
                  ("div_scalar", lambda a: torch.ops.aten.div.Scalar(a, 4)),
                  ("div_scalar_mode", lambda a: torch.ops.aten.div.Scalar_mode(a * 5, 2, rounding_mode="floor")),
                  ("rsub_scalar", lambda a: 1 - a),
                  ("pow_tensor_scalar", lambda a: a ** 3),
                  ("pow_scalar", lambda a: torch.pow(2.0, a)),
                  ("fmod_scalar", lambda a: torch.fmod(a * 3, 1.5)),
                  ("remainder_scalar", lambda a: torch.remainder(a * 3, 1.5)),
                  ("clamp", lambda a: torch.clamp(a, -0.5, 0.75)),
                  ("clamp_min", lambda a: torch.clamp(a, min=-0.5)),
                  ("hardtanh", lambda a: F.hardtanh(a, -0.5, 0.5))]:
    simple("binary", fname, op, (5, 7))


@case("binary", "where_self")
def _(inp):
    return [inp.r(4, 1, 6), inp.r(4, 5, 6), inp.r(5, 6)], lambda a, b, c: torch.where(a > 0, b, c)


@case("binary", "where_scalar")
def _(inp):
    return [inp.r(4, 6)], lambda a: (torch.where(a > 0, a, 0.5), torch.where(a > 0, -1.0, a))


@case("binary", "masked_fill")
def _(inp):
    return [inp.r(4, 6), inp.r(1, 6), inp.r(lo=3, hi=4)], \
        lambda a, m, v: (a.masked_fill(m > 0, -1e4), a.masked_fill(m < 0, v))


@case("binary", "promote_mixed", dtypes=F32)
def _(inp):
    def f(a, i, h):
        return a + i, i * 0.5, h + i, i / 3, a * h
    return [inp.r(3, 4), inp.i(3, 4, lo=-5, hi=5), inp.r(3, 4, dtype=torch.float16)], f


for fname, op in [("eq", torch.eq), ("ne", torch.ne), ("lt", torch.lt), ("le", torch.le),
                  ("gt", torch.gt), ("ge", torch.ge)]:
    @case("compare", fname + "_tensor", dtypes=("f32", "f16", "bf16", "i64"))
    def _(inp, op=op):
        if inp.dtype == torch.int64:
            return [inp.i(3, 1, 5, lo=0, hi=3), inp.i(4, 5, lo=0, hi=3)], op
        a = inp.r(3, 1, 5).round()
        return [a, inp.r(4, 5).round()], op

    @case("compare", fname + "_scalar", dtypes=("f32", "i64"))
    def _(inp, op=op):
        x = inp.i(3, 5, lo=0, hi=4) if inp.dtype == torch.int64 else inp.r(3, 5).round()
        return [x], lambda a: (op(a, 1), op(a, 1.5))


@case("compare", "promote_compare", dtypes=F32)
def _(inp):
    def f(i32, i64, h, fl, bo):
        return i32 < i64, h == fl, bo == 2, i32 > 2.5, bo != True  # noqa: E712
    big = inp.i(6, lo=2**31, hi=2**31 + 8)
    return [inp.i(6, lo=-3, hi=3, dtype=torch.int32), big - 2**31 + inp.i(6, lo=-4, hi=0),
            torch.tensor([0.1, 0.2, 0.3, 1.0, 2.0, 3.0], dtype=torch.float16),
            torch.tensor([0.1, 0.2, 0.3, 1.0, 2.0, 3.0]), inp.b(6)], f


for fname, op in [("logical_and", torch.logical_and), ("logical_or", torch.logical_or),
                  ("logical_xor", torch.logical_xor)]:
    @case("logical", fname, dtypes=("bool", "f32"))
    def _(inp, op=op):
        if inp.dtype == torch.bool:
            return [inp.b(4, 6), inp.b(4, 6)], op
        return [inp.r(4, 6) * inp.b(4, 6), inp.r(4, 6) * inp.b(4, 6)], op

for fname, op in [("bitwise_and", lambda a, b: (a & b, torch.bitwise_and(a, 6))),
                  ("bitwise_or", lambda a, b: (a | b, torch.bitwise_or(a, 6))),
                  ("bitwise_xor", lambda a, b: (a ^ b, torch.bitwise_xor(a, 6)))]:
    @case("logical", fname, dtypes=("i64", "i32", "bool"))
    def _(inp, op=op):
        if inp.dtype == torch.bool:
            return [inp.b(4, 6), inp.b(4, 6)], lambda a, b: (a & b, a | b, a ^ b)
        return [inp.i(4, 6, lo=-20, hi=20, dtype=inp.dtype),
                inp.i(4, 6, lo=-20, hi=20, dtype=inp.dtype)], op


# ------------------------------------------------------------ activations
for fname, op in [("relu", F.relu), ("relu6", F.relu6), ("leaky_relu", lambda x: F.leaky_relu(x, 0.2)),
                  ("elu", F.elu), ("gelu", F.gelu), ("gelu_tanh", lambda x: F.gelu(x, approximate="tanh")),
                  ("silu", F.silu), ("mish", F.mish), ("hardswish", F.hardswish),
                  ("hardsigmoid", F.hardsigmoid), ("softplus", lambda x: F.softplus(x, beta=2, threshold=3)),
                  ("softmax", lambda x: torch.softmax(x, -1)), ("log_softmax", lambda x: F.log_softmax(x, 1)),
                  ("_softmax", lambda x: aten._softmax(x, 0, False)),
                  ("_log_softmax", lambda x: aten._log_softmax(x, -1, False)),
                  ("dropout", lambda x: F.dropout(x, 0.3, training=False))]:
    simple("activation", fname, op, (3, 4, 9), lo=-4, hi=4)


def inplace(method, *args):
    def f(x):
        y = x * 1.0
        getattr(y, method)(*args)
        return y
    return f


for fname, method, args in [("relu_", "relu_", ()), ("add_", "add_", (2.5,)), ("mul_", "mul_", (0.5,)),
                            ("fill_", "fill_", (3.0,))]:
    simple("activation", fname, inplace(method, *args), (4, 6), lo=-4, hi=4)


def inplace_functional(fn, **kwargs):
    def f(x):
        y = x * 1.0
        fn(y, inplace=True, **kwargs)
        return y
    return f


for fname, fn, kwargs in [("silu_", F.silu, {}), ("hardswish_", F.hardswish, {}),
                          ("hardtanh_", F.hardtanh, {"min_val": -1.0, "max_val": 1.0})]:
    simple("activation", fname, inplace_functional(fn, **kwargs), (4, 6), lo=-4, hi=4)


@case("activation", "dropout_")
def _(inp):
    def f(x):
        y = x + 1
        F.dropout(y, 0.5, training=False, inplace=True)
        return y
    return [inp.r(4, 6)], f


# -------------------------------------------------------------- reductions
for fname, op in [("sum", lambda x: x.sum()), ("sum_dims", lambda x: x.sum((0, 2), keepdim=True)),
                  ("mean", lambda x: x.mean()), ("mean_dim", lambda x: x.mean(-1)),
                  ("prod", lambda x: (x * 0.5 + 1).prod()), ("prod_dim", lambda x: x.prod(1)),
                  ("amax", lambda x: x.amax((1, 2))), ("amin", lambda x: x.amin(0)),
                  ("max_dim", lambda x: x.max(1)), ("min_dim", lambda x: x.min(2, keepdim=True)),
                  ("max_other", lambda x: torch.max(x, x.flip(0))),
                  ("argmax", lambda x: x.argmax(1)), ("argmin", lambda x: x.argmin(-1)),
                  ("argmax_flat", lambda x: x.argmax()),
                  ("var", lambda x: x.var(1)), ("var_unbiased0", lambda x: x.var((0, 2), unbiased=False)),
                  ("std", lambda x: x.std(-1, keepdim=True)),
                  ("norm", lambda x: torch.linalg.vector_norm(x, dim=-1)),
                  ("norm_l1", lambda x: torch.norm(x, p=1, dim=1)),
                  ("any", lambda x: ((x > 1.5).any(), (x > 1.5).any(1), (x > 1.9).any((0, 2)))),
                  ("cumsum", lambda x: x.cumsum(1)), ("cumprod", lambda x: (x * 0.5 + 1).cumprod(-1)),
                  ("logsumexp", lambda x: torch.logsumexp(x, -1))]:
    simple("reduction", fname, op, (3, 5, 7))


@case("reduction", "sum_int", dtypes=("i64", "i32", "bool"))
def _(inp):
    x = inp.b(3, 5) if inp.dtype == torch.bool else inp.i(3, 5, lo=-9, hi=9, dtype=inp.dtype)
    return [x], lambda a: (a.sum(1), a.cumsum(0))


@case("reduction", "topk_sort")
def _(inp):
    x = torch.randperm(60, generator=inp.gen).reshape(3, 20).to(inp.dtype) / 8
    return [x], lambda a: (*torch.topk(a, 4), *torch.topk(a, 3, dim=0, largest=False),
                           *torch.sort(a, -1), *torch.sort(a, 0, descending=True))


@case("reduction", "diff")
def _(inp):
    return [inp.r(3, 8), inp.r(3, 2)], lambda a, p: (torch.diff(a), torch.diff(a, n=2, dim=0),
                                                      torch.diff(a, prepend=p))


# ------------------------------------------------------------------ shape
SHAPE_OPS = [
    ("flatten", lambda x: x.flatten(1)), ("unflatten", lambda x: x.unflatten(2, (2, 3))),
    ("reshape", lambda x: x.reshape(4, -1)), ("view", lambda x: x.view(-1, 6)),
    ("contiguous", lambda x: x.transpose(0, 2).contiguous()), ("clone", lambda x: x.clone() + 1),
    ("alias", lambda x: aten.alias(x) * 2), ("detach", lambda x: x.detach() + 1),
    ("t", lambda x: x[0].t()), ("transpose", lambda x: x.transpose(-1, 0)),
    ("permute", lambda x: x.permute(2, 0, 1)), ("expand", lambda x: (x[:, :1].expand(2, 4, 6), x[:1, :1].expand(3, 2, 4, 6))),
    ("expand_as", lambda x: x[:1].expand_as(x)),
    ("squeeze", lambda x: (x[:, :1].squeeze(), x[:, :1].squeeze(1), x[:1, :1].squeeze((0, 1)))),
    ("unsqueeze", lambda x: x.unsqueeze(1).unsqueeze(-1)), ("select", lambda x: x.select(1, 2)),
    ("slice", lambda x: (x[:, 1:3], x[..., ::2], x[:, -2:], x[:, 1:100:3])),
    ("chunk", lambda x: x.chunk(3, -1)), ("split", lambda x: x.split(3, 1)),
    ("split_with_sizes", lambda x: x.split([1, 3], 1)), ("unbind", lambda x: x.unbind(1)),
    ("cat", lambda x: torch.cat([x, x * 2], 1)), ("stack", lambda x: torch.stack([x, -x], 2)),
    ("repeat", lambda x: x.repeat(1, 2, 1)), ("roll", lambda x: (x.roll(1, 2), x.roll((2, -1), (1, 2)))),
    ("flip", lambda x: x.flip(0, 2)), ("diagonal", lambda x: x.diagonal(0, 1, 2) + 0),
    ("as_strided", lambda x: aten.as_strided(x.contiguous(), (3, 4), (2, 5), 1) + 0),
    ("select_scatter", lambda x: torch.select_scatter(x, x[:, 0] * 3, 1, 2)),
    ("slice_scatter", lambda x: torch.slice_scatter(x, x[:, :2] * 3, 1, 1, 3)),
    ("copy", lambda x: aten.copy(x, x.flip(0))),
    ("pad_constant", lambda x: F.pad(x, (1, 2, 0, 1), value=0.5)),
    ("constant_pad_nd", lambda x: aten.constant_pad_nd(x, [2, 1], -1.0)),
    ("pad_reflect", lambda x: (F.pad(x, (2, 1), mode="reflect"), F.pad(x.unsqueeze(0), (2, 1, 1, 2), mode="reflect"))),
    ("pad_replicate", lambda x: (F.pad(x, (2, 1), mode="replicate"), F.pad(x.unsqueeze(0), (2, 1, 1, 2), mode="replicate"))),
]
for fname, op in SHAPE_OPS:
    simple("shape", fname, op, (2, 4, 6))


@case("shape", "index_int", dtypes=("i64", "bool"))
def _(inp):
    x = inp.b(2, 4, 6) if inp.dtype == torch.bool else inp.i(2, 4, 6)
    return [x], lambda a: (a.permute(2, 0, 1).reshape(6, 8), torch.cat([a, a], 0), a[:, 1:3].flip(1))


# --------------------------------------------------------------- creation
@case("creation", "factories")
def _(inp):
    dt = inp.dtype

    def f(x):
        return (torch.full((2, 3), 1.5, dtype=dt), torch.zeros(3, 2, dtype=dt), torch.ones(4, dtype=dt),
                torch.arange(5, dtype=dt), torch.arange(1, 7, dtype=dt), torch.arange(0, 3, 0.5, dtype=dt),
                torch.arange(6), x.new_ones(2, 2), x.new_zeros(3), x.new_full((2,), 7.0),
                torch.full_like(x, 2.0), torch.zeros_like(x), torch.ones_like(x),
                torch.empty(2, 3, dtype=dt).fill_(4.0), x.new_empty((2,)).fill_(1.0),
                torch.empty_like(x).fill_(-1.0), aten.scalar_tensor(3.5, dtype=dt),
                aten.empty_strided([2, 3], [1, 2], dtype=dt).fill_(2.0), aten.fill.Scalar(x, 0.25),
                aten.fill.Tensor(x, x[0, 0]))
    return [inp.r(3, 4)], f


@case("creation", "lift_fresh_copy", dtypes=F32)
def _(inp):
    return [inp.r(3)], lambda x: x * torch.tensor([1.0, -2.0, 3.0])


@case("creation", "dynamic_arange", dtypes=F32, dynamic=({0: Dim("n", min=2, max=64)},))
def _(inp):
    return [inp.r(5, 3)], lambda x: x * torch.arange(x.shape[0]).unsqueeze(1) + x.new_ones(x.shape[0], 1)


# -------------------------------------------------------------- conversion
@case("convert", "to_dtype", dtypes=F32)
def _(inp):
    def f(x, i):
        return (x.to(torch.float16), x.to(torch.bfloat16).to(torch.float32), x.to(torch.int64),
                i.to(torch.float32), (x > 0).to(torch.float32), x.to("cpu"), x.to(i),
                x.type_as(i), aten._to_copy(x, dtype=torch.float64), x.double().float(),
                x.to(torch.float32, copy=True), (x * 100).to(torch.int32), i.to(torch.bool))
    return [inp.r(3, 4) * 3, inp.i(3, 4, lo=-3, hi=3)], f


# Tensor.view(dtype) of the same element size: the bits read as another
# dtype (float32 <-> int32 with integer arithmetic between, float16 as
# bfloat16 and back, bool as int8).
@case("convert", "view_dtype", dtypes=F32)
def _(inp):
    def f(x, h, b):
        bits = x.view(torch.int32)
        return (bits, (bits + 1).view(torch.float32), h.view(torch.bfloat16),
                (h.view(torch.bfloat16) * 2).view(torch.float16), b.view(torch.int8) * 3)
    return [inp.r(3, 4) * 3, inp.n(2, 5, dtype=torch.float16), inp.b(4)], f


@case("convert", "assert_metadata", dtypes=F32)
def _(inp):
    def f(x):
        torch.ops.aten._assert_tensor_metadata(x, dtype=torch.float32)
        return x * 2
    return [inp.r(3)], f


@case("convert", "sym_size", dtypes=F32, dynamic=({0: Dim("b", min=2, max=64)},))
def _(inp):
    return [inp.r(6, 4)], lambda x: (x.view(x.shape[0], 2, 2) * (x.shape[0] + 1),
                                     x.new_ones(x.size(0) * 2, 3))


@case("convert", "set_grad_enabled", dtypes=F32)
def _(inp):
    def f(x):
        with torch.no_grad():
            y = x * 2 + 1
        return y.sin()
    return [inp.r(3, 4)], f


@case("convert", "autocast", dtypes=F32)
def _(inp):
    def f(x, w):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = x @ w
        return y.float() + 1
    return [inp.r(3, 4), inp.r(4, 5)], f


# ----------------------------------------------------------------- linear
@case("linear", "linear")
def _(inp):
    return [inp.r(2, 3, 8), inp.r(5, 8), inp.r(5)], lambda x, w, b: (F.linear(x, w, b), F.linear(x, w))


@case("linear", "mm_bmm_addmm")
def _(inp):
    return [inp.r(4, 6), inp.r(6, 5), inp.r(3, 4, 6), inp.r(3, 6, 2), inp.r(5)], \
        lambda a, b, c, d, e: (torch.mm(a, b), torch.bmm(c, d), torch.addmm(e, a, b, beta=0.5, alpha=2),
                               torch.baddbmm(c[:, :, :2], c, d, alpha=0.5))


@case("linear", "matmul")
def _(inp):
    return [inp.r(6), inp.r(6, 3), inp.r(2, 1, 4, 6), inp.r(3, 6, 5)], \
        lambda v, m, a, b: (v @ v, v @ m, m.t() @ v, a @ b, a @ v, v @ b)


@case("linear", "einsum")
def _(inp):
    return [inp.r(2, 3, 4), inp.r(2, 4, 5), inp.r(3)], \
        lambda a, b, c: (torch.einsum("bij,bjk->bik", a, b), torch.einsum("bij->j", a),
                         torch.einsum("i,bij->bj", c, a), torch.einsum("bij,bij->b", a, a))


# ------------------------------------------------------------------- conv
@case("conv", "conv1d")
def _(inp):
    return [inp.r(2, 4, 10), inp.r(6, 2, 3), inp.r(6)], \
        lambda x, w, b: (F.conv1d(x, w, b, stride=2, padding=1, groups=2), F.conv1d(x, w[:, :2].repeat(1, 2, 1), dilation=2))


@case("conv", "conv2d")
def _(inp):
    return [inp.r(2, 4, 9, 8), inp.r(6, 4, 3, 3), inp.r(6), inp.r(4, 1, 3, 3)], \
        lambda x, w, b, dw: (F.conv2d(x, w, b, stride=(2, 1), padding=(1, 2)),
                             F.conv2d(x, dw, padding="same", groups=4), F.conv2d(x, w, dilation=2))


@case("conv", "conv3d")
def _(inp):
    return [inp.r(1, 2, 5, 6, 6), inp.r(3, 2, 3, 3, 3), inp.r(3)], lambda x, w, b: F.conv3d(x, w, b, padding=1)


@case("conv", "conv_transpose1d")
def _(inp):
    return [inp.r(2, 4, 7), inp.r(4, 3, 3), inp.r(3)], \
        lambda x, w, b: F.conv_transpose1d(x, w, b, stride=2, padding=1, output_padding=1)


@case("conv", "conv_transpose2d")
def _(inp):
    return [inp.r(1, 4, 5, 6), inp.r(4, 2, 3, 3), inp.r(4)], \
        lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, groups=2)


@case("conv", "convolution")
def _(inp):
    return [inp.r(2, 3, 8, 8), inp.r(4, 3, 3, 3), inp.r(4)], \
        lambda x, w, b: aten.convolution(x, w, b, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)


# ------------------------------------------------------------------- norm
@case("norm", "batch_norm")
def _(inp):
    return [inp.r(2, 4, 5, 5), inp.r(4), inp.r(4, lo=0.5, hi=2), inp.r(4), inp.r(4)], \
        lambda x, m, v, w, b: (F.batch_norm(x, m, v, w, b, False, 0.1, 1e-5), F.batch_norm(x[..., 0], m, v))


@case("norm", "layer_norm")
def _(inp):
    return [inp.r(2, 5, 8), inp.r(8), inp.r(8)], \
        lambda x, w, b: (F.layer_norm(x, (8,), w, b), F.layer_norm(x, (5, 8), eps=1e-3))


@case("norm", "group_norm")
def _(inp):
    return [inp.r(2, 6, 4, 3), inp.r(6), inp.r(6)], lambda x, w, b: (F.group_norm(x, 3, w, b), F.group_norm(x, 2))


@case("norm", "instance_norm")
def _(inp):
    return [inp.r(2, 3, 5, 4), inp.r(3), inp.r(3)], lambda x, w, b: F.instance_norm(x, weight=w, bias=b)


@case("norm", "rms_norm")
def _(inp):
    return [inp.r(2, 5, 8), inp.r(8)], lambda x, w: (F.rms_norm(x, (8,), w, 1e-6), F.rms_norm(x, (5, 8)))


@case("norm", "native_ops")
def _(inp):
    return [inp.r(2, 4, 5), inp.r(4), inp.r(4), inp.r(4), inp.r(4, lo=0.5, hi=2), inp.r(5), inp.r(5)], \
        lambda x, w, b, m, v, lw, lb: (*aten.native_layer_norm(x, [5], lw, lb, 1e-5),
                                       *aten.native_group_norm(x, w, b, 2, 4, 5, 2, 1e-5),
                                       *aten._native_batch_norm_legit_no_training(x, w, b, m, v, 0.1, 1e-5))


# -------------------------------------------------------------- attention
@case("attention", "sdpa")
def _(inp):
    q, k, v = inp.r(2, 3, 5, 8), inp.r(2, 3, 6, 8), inp.r(2, 3, 6, 8)
    return [q, k, v, inp.b(5, 6) | torch.eye(5, 6, dtype=torch.bool), inp.r(2, 1, 5, 6)], \
        lambda q, k, v, bm, fm: (F.scaled_dot_product_attention(q, k, v),
                                 F.scaled_dot_product_attention(q, k, v, attn_mask=bm),
                                 F.scaled_dot_product_attention(q, k, v, attn_mask=fm, scale=0.3),
                                 F.scaled_dot_product_attention(q, k[:, :, :5], v[:, :, :5], is_causal=True))


@case("attention", "sdpa_gqa")
def _(inp):
    return [inp.r(1, 4, 5, 8), inp.r(1, 2, 5, 8), inp.r(1, 2, 5, 8)], \
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v, enable_gqa=True, is_causal=True)


@case("attention", "sdpa_wide_heads")
def _(inp):
    # Head dims over 128, up to 256 (the tensor-core kernel's limit on the
    # GPU), one not a multiple of 16; L != S so the causal mask is not square.
    q, k, v = inp.r(1, 1, 20, 256), inp.r(1, 1, 40, 256), inp.r(1, 1, 40, 200)
    q2, k2, v2 = inp.r(1, 1, 20, 200), inp.r(1, 1, 40, 200), inp.r(1, 1, 40, 256)
    return [q, k, v, q2, k2, v2, inp.b(20, 40) | torch.eye(20, 40, dtype=torch.bool), inp.r(1, 1, 20, 40)], \
        lambda q, k, v, q2, k2, v2, bm, fm: (F.scaled_dot_product_attention(q, k, v),
                                             F.scaled_dot_product_attention(q, k, v, is_causal=True),
                                             F.scaled_dot_product_attention(q2, k2, v2, attn_mask=bm),
                                             F.scaled_dot_product_attention(q2, k2, v2, attn_mask=fm))


@case("attention", "sdpa_broadcast")
def _(inp):
    return [inp.r(2, 4, 5, 8), inp.r(1, 4, 6, 8), inp.r(1, 4, 6, 8)], \
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v)


# --------------------------------------------------------- pooling, resize
@case("pool", "max_pool")
def _(inp):
    return [inp.r(2, 3, 9, 8)], lambda x: (F.max_pool1d(x[:, :, 0], 3, 2), F.max_pool2d(x, 3, 2, 1),
                                           F.max_pool2d(x, 2, ceil_mode=True),
                                           *F.max_pool2d(x, 3, 2, return_indices=True))


@case("pool", "avg_pool")
def _(inp):
    return [inp.r(2, 3, 9, 8)], lambda x: (F.avg_pool1d(x[:, :, 0], 3, 2, 1), F.avg_pool2d(x, 3, 2, 1),
                                           F.avg_pool2d(x, 3, 2, 1, count_include_pad=False),
                                           F.avg_pool2d(x, 2, ceil_mode=True), F.avg_pool2d(x, (3, 2), 1))


@case("pool", "adaptive_pool")
def _(inp):
    return [inp.r(2, 3, 9, 8)], lambda x: (F.adaptive_avg_pool1d(x[:, :, 0], 4), F.adaptive_avg_pool2d(x, (4, 3)),
                                           F.adaptive_avg_pool2d(x, 1), F.adaptive_max_pool2d(x, (3, 5)))


@case("pool", "pool3d")
def _(inp):
    return [inp.r(1, 2, 5, 6, 6)], lambda x: (F.avg_pool3d(x, 2), F.max_pool3d(x, 3, 2, 1))


@case("pool", "upsample_nearest")
def _(inp):
    return [inp.r(1, 2, 4, 5)], lambda x: (F.interpolate(x[:, :, 0], scale_factor=2, mode="nearest"),
                                           F.interpolate(x, size=(7, 9), mode="nearest"),
                                           F.interpolate(x, size=(7, 9), mode="nearest-exact"))


@case("pool", "upsample_linear")
def _(inp):
    return [inp.r(1, 2, 4, 5)], lambda x: (F.interpolate(x[:, :, 0], size=9, mode="linear"),
                                           F.interpolate(x, size=(7, 9), mode="bilinear"),
                                           F.interpolate(x, size=(7, 9), mode="bilinear", align_corners=True),
                                           F.interpolate(x, scale_factor=2, mode="bicubic"))


@case("pool", "grid_sample")
def _(inp):
    return [inp.r(1, 2, 4, 5), inp.r(1, 3, 3, 2, lo=-1, hi=1)], \
        lambda x, g: F.grid_sample(x, g, align_corners=False)


@case("pool", "fold_unfold", dtypes=F32)
def _(inp):
    return [inp.r(1, 2, 5, 5)], lambda x: F.fold(F.unfold(x, 2), (5, 5), 2)


# ---------------------------------------------------------- gather, index
@case("gather", "embedding")
def _(inp):
    return [inp.r(10, 4), inp.i(2, 5)], lambda w, i: (F.embedding(i, w), F.embedding(i, w, padding_idx=0))


@case("gather", "index")
def _(inp):
    return [inp.r(5, 6, 3), inp.i(4, lo=0, hi=5), inp.i(2, 1, lo=0, hi=6), inp.b(5)], \
        lambda x, i, j, m: (x[i], x[:, j], x[i[:2].unsqueeze(1), j.t()], x[m], x.index_select(1, j.flatten()))


@case("gather", "index_put")
def _(inp):
    return [inp.r(5, 4), inp.i(3, lo=0, hi=5), inp.r(3, 4)], \
        lambda x, i, v: (torch.index_put(x, (i,), v), torch.index_put(x, (i,), v, accumulate=True))


@case("gather", "gather_scatter")
def _(inp):
    return [inp.r(3, 5), inp.i(3, 4, lo=0, hi=5), inp.r(3, 4)], \
        lambda x, i, s: (torch.gather(x, 1, i), x.scatter(1, i[:, :1], s[:, :1]), x.scatter(1, i, 2.0),
                         x.scatter_add(1, i, s), x.scatter_reduce(1, i, s, "amax"),
                         x.scatter_reduce(1, i, s, "sum", include_self=False))


@case("gather", "embedding_bag", dtypes=F32)
def _(inp):
    return [inp.r(10, 4), inp.i(8), torch.tensor([0, 3, 5])], \
        lambda w, i, o: F.embedding_bag(i, w, o, mode="mean")


# --------------------------------------- core ATen called directly
# Overloads a decomposed (ATEN dialect) graph holds but the functional API
# does not emit in the default export: each called as torch.ops.aten.X.
@case("core", "adaptive_pool_core")
def _(inp):
    return [inp.r(1, 2, 6, 6, 4)], lambda x: (aten._adaptive_avg_pool2d(x[:, :, 0], [3, 2]),
                                              aten._adaptive_avg_pool3d(x, [3, 2, 2]))


@case("core", "cdist_pdist", dtypes=F32)
def _(inp):
    return [inp.r(2, 4, 3), inp.r(2, 5, 3), inp.r(5, 3)], \
        lambda a, b, c: (aten._cdist_forward(a, b, 2.0, None), aten._pdist_forward(c, 2.0))


@case("core", "embedding_bag_core", dtypes=F32)
def _(inp):
    return [inp.r(10, 4), inp.i(8), torch.tensor([0, 3, 5])], \
        lambda w, i, o: aten._embedding_bag(w, i, o, False, 1)[0]


@case("core", "batch_norm_legit")
def _(inp):
    return [inp.r(2, 4, 5), inp.r(4), inp.r(4), inp.r(4), inp.r(4, lo=0.5, hi=2)], \
        lambda x, w, b, m, v: (aten._native_batch_norm_legit(x, w, b, m.clone(), v.clone(), False, 0.1, 1e-5)[0],
                               aten._native_batch_norm_legit.no_stats(x, w, b, True, 0.1, 1e-5)[0])


@case("core", "bitwise_tensor", dtypes=("i64", "bool"))
def _(inp):
    make = (lambda: inp.b(4, 6)) if inp.dtype == torch.bool else (lambda: inp.i(4, 6, lo=-20, hi=20))
    return [make(), make()], lambda a, b: (torch.bitwise_and(a, b), torch.bitwise_or(a, b),
                                           torch.bitwise_xor(a, b))


@case("core", "grid_sampler_2d")
def _(inp):
    return [inp.r(1, 2, 4, 5), inp.r(1, 3, 3, 2, lo=-1, hi=1)], \
        lambda x, g: (aten.grid_sampler_2d(x, g, 0, 0, False), aten.grid_sampler_2d(x, g, 1, 1, True))


@case("core", "max_pool3d_with_indices", dtypes=F32)
def _(inp):
    return [inp.r(1, 2, 4, 6, 6)], lambda x: aten.max_pool3d_with_indices(x, [2, 2, 2])


@case("core", "pad_core")
def _(inp):
    return [inp.r(1, 2, 4, 5, 6)], lambda x: (aten.reflection_pad1d(x[0, 0, 0], [2, 1]),
                                              aten.reflection_pad2d(x[0], [1, 2, 2, 1]),
                                              aten.replication_pad2d(x[0], [1, 2, 2, 1]),
                                              aten.reflection_pad3d(x, [1, 1, 1, 2, 2, 1]),
                                              aten.replication_pad3d(x, [1, 1, 1, 2, 2, 1]))


@case("core", "var_correction")
def _(inp):
    return [inp.r(3, 5, 4)], lambda x: (aten.var.correction(x, [1], correction=0),
                                        aten.var.correction(x, None, correction=1, keepdim=True))


@case("core", "sym_numel", dtypes=F32, dynamic=({0: Dim("n", min=2, max=64)},))
def _(inp):
    return [inp.r(5, 3)], lambda x: x.reshape(x.numel()) * 2


# ------------------------------------------------ the wider ATen surface
# Issue #17: ops real models and PyTorch's OpInfo samples use beyond the
# families above. In-place, `_copy` and alias forms (compiled as their
# functional twin), an unused random draw (left out as dead), and one
# decomposition per elementwise, activation, matrix and loss op.
@case("surface", "unused_rand")
def _(inp):
    def f(x):
        draw = torch.rand([])  # a layer-drop draw that eval mode never reads
        del draw
        return x * 2
    return [inp.r(3, 4)], f


def inplace_with(method, make_args):
    """`method` applied in place to a copy of x, its arguments from the inputs."""
    def f(x, *rest):
        y = x * 1.0
        getattr(y, method)(*make_args(*rest))
        return y
    return f


@case("surface", "fill_tensor_")
def _(inp):
    return [inp.r(3, 5), inp.r()], inplace_with("fill_", lambda v: (v,))


@case("surface", "copy_")
def _(inp):
    # src broadcasts over self's rows and comes in another dtype.
    return [inp.r(3, 5), inp.r(5, dtype=torch.float64)], inplace_with("copy_", lambda s: (s,))


@case("surface", "masked_fill_scalar_")
def _(inp):
    return [inp.r(4, 6), inp.r(1, 6)], inplace_with("masked_fill_", lambda m: (m > 0, -2.5))


@case("surface", "zero_")
def _(inp):
    return [inp.r(3, 4)], inplace_with("zero_", lambda: ())


@case("surface", "fill_true", dtypes=("f32", "i64"))
def _(inp):
    # fill with True writes 1 (pt2c sign-extended it to -1).
    x = inp.i(3, 4, lo=-5, hi=5) if inp.dtype == torch.int64 else inp.r(3, 4)
    def f(a):
        y = a * 1
        y.fill_(True)
        return y, torch.full_like(a, True)
    return [x], f


for fname, op in [("min_other", lambda a, b: torch.min(a, b)),
                  ("clamp_min_max", lambda a, b: (torch.clamp_min(a, -0.5), torch.clamp_max(a, 0.25),
                                                  torch.clamp_min(a, b))),
                  ("true_divide", lambda a, b: torch.true_divide(a, b.abs() + 0.5)),
                  ("divide_subtract_multiply", lambda a, b: (torch.divide(a, b.abs() + 0.5),
                                                             torch.divide(a * 4, b.abs() + 0.5, rounding_mode="floor"),
                                                             torch.subtract(a, b, alpha=2),
                                                             torch.multiply(a, b))),
                  ("greater_less", lambda a, b: (torch.greater(a, b), torch.less_equal(a, 0.5),
                                                 torch.not_equal(a, b))),
                  ("hypot", torch.hypot), ("logaddexp", torch.logaddexp),
                  ("logaddexp2", torch.logaddexp2),
                  ("copysign", lambda a, b: (torch.copysign(a, b), torch.copysign(a, -0.0))),
                  ("fmax_fmin", lambda a, b: (torch.fmax(a, b), torch.fmin(a, b))),
                  ("heaviside", lambda a, b: torch.heaviside(a.round(), b)),
                  ("lerp", lambda a, b: (torch.lerp(a, b, 0.3), torch.lerp(a, b, 0.8),
                                         torch.lerp(a, b, (b + 2) / 4)))]:
    simple("surface", fname, op, (3, 1, 6), (4, 6))


for fname, op, lo, hi in [("square", torch.square, -2, 2), ("exp2", torch.exp2, -3, 3),
                          ("frac", torch.frac, -3, 3), ("deg2rad", torch.deg2rad, -360, 360),
                          ("rad2deg", torch.rad2deg, -3, 3), ("erfc", torch.erfc, -2, 2),
                          ("logit", lambda x: (torch.logit(x), torch.logit(x, eps=0.2)), 0.05, 0.95),
                          ("sgn_signbit", lambda x: (torch.sgn(x), torch.signbit(x)), -2, 2),
                          ("arc_aliases", lambda x: (torch.arccos(x), torch.arcsin(x), torch.arctan(x),
                                                     torch.arctanh(x), torch.fix(x * 3),
                                                     torch.negative(x), torch.absolute(x)), -0.9, 0.9),
                          ("celu", lambda x: F.celu(x, 1.5), -3, 3), ("selu", F.selu, -3, 3),
                          ("threshold", lambda x: F.threshold(x, 0.5, -1.0), -2, 2),
                          ("hardshrink", lambda x: F.hardshrink(x, 0.5), -2, 2),
                          ("softshrink", lambda x: F.softshrink(x, 0.5), -2, 2),
                          ("log_sigmoid", F.logsigmoid, -6, 6),
                          ("glu", lambda x: F.glu(x, -1), -3, 3),
                          ("tril_triu", lambda x: (torch.tril(x), torch.triu(x, 1), torch.tril(x, -2)), -2, 2),
                          ("swapaxes_reshape_as", lambda x: (torch.swapaxes(x, 0, 2) + 0, torch.swapdims(x, 1, 2) + 0,
                                                             x.reshape_as(x.reshape(6, 4)) * 2,
                                                             x[0].view_as(x[1].t()) + 1), -2, 2),
                          ("copy_forms", lambda x: (aten.expand_copy(x[:, :1], [2, 3, 4]),
                                                    aten.permute_copy(x, [2, 0, 1]),
                                                    aten.view_copy(x, [4, 6])), -2, 2)]:
    simple("surface", fname, op, (2, 3, 4), lo=lo, hi=hi)


@case("surface", "special_values", dtypes=F32)
def _(inp):
    x = inp.r(2, 6)
    x[0] = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1e30])
    return [x], lambda a: (torch.isfinite(a), torch.isposinf(a), torch.isneginf(a),
                           torch.nan_to_num(a), torch.nan_to_num(a, nan=1.0, posinf=2.0, neginf=-3.0),
                           torch.signbit(a))


@case("surface", "xlogy")
def _(inp):
    x = inp.r(3, 5)
    x[0, :2] = 0
    return [x, inp.r(3, 5, lo=0.1, hi=3)], lambda a, b: (torch.xlogy(a, b), torch.xlogy(a, 2.0))


@case("surface", "addcmul_addcdiv")
def _(inp):
    return [inp.r(3, 4), inp.r(3, 4), inp.r(4, lo=0.5, hi=2)], \
        lambda s, a, b: (torch.addcmul(s, a, b, value=0.5), torch.addcdiv(s, a, b, value=2))


@case("surface", "prelu")
def _(inp):
    return [inp.r(2, 3, 5), inp.r(3, lo=0, hi=0.5), inp.r(1, lo=0, hi=0.5)], \
        lambda x, w, w1: (F.prelu(x, w), F.prelu(x, w1))


@case("surface", "dot_mv_outer_trace")
def _(inp):
    return [inp.r(5), inp.r(5), inp.r(3, 5), inp.r(4, 4)], \
        lambda a, b, m, s: (torch.dot(a, b), torch.mv(m, a), torch.outer(a, b[:3]), torch.trace(s))


@case("surface", "losses")
def _(inp):
    return [inp.r(3, 4), inp.r(3, 4)], \
        lambda a, b: (F.mse_loss(a, b), F.mse_loss(a, b, reduction="sum"), F.l1_loss(a, b),
                      F.l1_loss(a, b, reduction="none"))


@case("surface", "weight_norm")
def _(inp):
    return [inp.r(4, 3, 2), inp.r(4, 1, 1, lo=0.5, hi=2), inp.r(lo=0.5, hi=2)], \
        lambda v, g, g0: (torch._weight_norm(v, g, 0), torch._weight_norm(v, g0.reshape(1, 1, 1), -1))


@case("surface", "adaptive_avg_pool3d")
def _(inp):
    return [inp.r(1, 2, 6, 6, 4)], lambda x: (F.adaptive_avg_pool3d(x, (3, 2, 2)),
                                              F.adaptive_avg_pool3d(x, 1))


@case("surface", "logsumexp_0d")
def _(inp):
    return [inp.r()], lambda x: (torch.logsumexp(x, 0), torch.logsumexp(x, -1, keepdim=True))


# ------------------------------------------------------- weights (layouts)
# Cases whose `forward` is an nn.Module: its parameters are the archive's
# weights, so the compiler's weight layouts (transposed, packed in column
# panels, split at the last whole panel, a tied weight read two ways) are
# checked against eager. Enough rows (24) that a linear takes the CPU's
# register-tiled form, and output columns that are not a multiple of the
# 32-column panels.
def seeded_(module, inp):
    """`module` with every parameter drawn from the case's generator."""
    with torch.no_grad():
        for parameter in module.parameters():
            parameter.copy_(inp.r(*parameter.shape, lo=-0.3, hi=0.3))
    return module


class TiedHead(torch.nn.Module):
    """An embedding whose table is also the output projection (gpt2's tied LM head)."""

    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.norm = torch.nn.LayerNorm(dim)

    def forward(self, ids):
        return F.linear(self.norm(self.embed(ids)), self.embed.weight)


@case("weights", "linear_panels", dtypes=F32)
def _(inp):
    return [inp.r(2, 12, 96)], seeded_(torch.nn.Linear(96, 128), inp)


@case("weights", "linear_tail", dtypes=F32)
def _(inp):
    # 100 columns: 3 whole panels of 32 and 4 more.
    return [inp.r(2, 12, 96)], seeded_(torch.nn.Linear(96, 100), inp)


@case("weights", "tied_head_tail", dtypes=F32)
def _(inp):
    # A vocabulary of 113: 3 panels and 17 columns, as gpt2's 50257.
    return [inp.i(2, 12, lo=0, hi=113)], seeded_(TiedHead(113, 64), inp)


# ------------------------------------------------------- rows (row groups)
# Layer norms, softmaxes and RMS norms large enough (more than 32768
# points) that the CPU pipeline computes each in one chunked loop over rows
# (pt2c-fuse-rows): statistics and outputs of a chunk's rows together,
# including a sum that is also used outside the group and a softmax along
# a dim that is not the last.
@case("rows", "layer_norm", dtypes=F32)
def _(inp):
    return [inp.n(2, 33, 512), inp.r(512), inp.r(512)], \
        lambda x, w, b: F.layer_norm(x, (512,), w, b)


@case("rows", "layer_norm_residual", dtypes=F32)
def _(inp):
    def f(x, r):
        s = x + r
        return F.layer_norm(s, (512,)), s * 2
    return [inp.n(2, 33, 512), inp.n(2, 33, 512)], f


@case("rows", "softmax", dtypes=F32)
def _(inp):
    return [inp.n(2, 4, 64, 66)], lambda x: torch.softmax(x * 0.125, -1)


@case("rows", "masked_softmax", dtypes=F32)
def _(inp):
    mask = torch.zeros(2, 1, 1, 66)
    mask[1, :, :, 40:] = -1e4
    return [inp.n(2, 4, 64, 66), mask], lambda x, m: torch.softmax(x + m, -1)


@case("rows", "softmax_dim1", dtypes=F32)
def _(inp):
    return [inp.n(4, 66, 128)], lambda x: torch.softmax(x, 1)


@case("rows", "log_softmax", dtypes=F32)
def _(inp):
    return [inp.n(132, 256)], lambda x: torch.log_softmax(x, -1)


@case("rows", "rms_norm", dtypes=F32)
def _(inp):
    def f(x, w):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w
    return [inp.n(2, 33, 512), inp.r(512)], f


# --------------------------------------------------------------- inventory
# Overloads added from the inventory of every ATen overload (issue #17).
simple("inventory", "sinc", lambda x: torch.sinc(x * (x.abs() > 0.3)), (3, 17))
simple("inventory", "special_entr", lambda x: torch.special.entr(x * (x.abs() > 0.2)), (3, 17),
       lo=-0.5, hi=2.0)
simple("inventory", "xlog1py", lambda x, y: (torch.special.xlog1py(x * (x > 0), y),
                                             torch.special.xlog1py(x, 2.0),
                                             torch.special.xlog1py(3.0, y)),
       (4, 6), (4, 6), lo=-0.5, hi=2.0)
simple("inventory", "remainder_scalar_tensor", lambda y: torch.remainder(5.0, y), (4, 6), lo=0.5,
       hi=3.0)
simple("inventory", "round_decimals", lambda x: (torch.round(x, decimals=2),
                                                 torch.round(x * 100, decimals=-1)), (4, 6))
simple("inventory", "all", lambda x: ((x > -1.5).all(), (x > -1.9).all(1),
                                      (x > -1.9).all((0, 2)), x.all(-1, keepdim=True)), (3, 5, 7))
simple("inventory", "aminmax", lambda x: (*torch.aminmax(x), *torch.aminmax(x, dim=1, keepdim=True)),
       (3, 5, 7))
simple("inventory", "max_min_all", lambda x: (x.max(), x.min()), (3, 5, 7))
simple("inventory", "nansum", lambda x: (torch.nansum(torch.where(x > 1, float("nan"), x)),
                                         torch.nansum(torch.where(x > 1, float("nan"), x), 1)),
       (3, 5, 7))
simple("inventory", "var_mean", lambda x: (*torch.var_mean(x, dim=1),
                                           *torch.std_mean(x, (0, 2), correction=0, keepdim=True)),
       (3, 5, 7))
simple("inventory", "addmv", lambda s, m, v: (torch.addmv(s, m, v),
                                              torch.addmv(s, m, v, beta=0.5, alpha=2.0)),
       (5,), (5, 7), (7,), dtypes=F32)
simple("inventory", "addr", lambda s, a, b: torch.addr(s, a, b, beta=2.0, alpha=0.5),
       (5, 6), (5,), (6,), dtypes=F32)
simple("inventory", "addbmm", lambda s, a, b: torch.addbmm(s, a, b, beta=0.5, alpha=1.5),
       (4, 6), (3, 4, 5), (3, 5, 6), dtypes=F32)
simple("inventory", "linspace", lambda x: (torch.linspace(-1.0, 3.0, 7, dtype=x.dtype) + x,
                                           torch.logspace(0.0, 2.0, 7, base=2.0, dtype=x.dtype) * x),
       (7,))
simple("inventory", "range", lambda x: torch.range(1.0, 4.0, 0.5, dtype=x.dtype) + x, (7,))
simple("inventory", "pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), (2, 8, 3, 4))
simple("inventory", "pixel_unshuffle", lambda x: F.pixel_unshuffle(x, 2), (2, 3, 6, 4))
simple("inventory", "rot90", lambda x: (torch.rot90(x), torch.rot90(x, 2, [1, 2]),
                                        torch.rot90(x, -1, [2, 0])), (3, 4, 5))
simple("inventory", "upsample_default", lambda x: (
    aten.upsample_nearest2d.default(x, [6, 9]),
    aten._upsample_nearest_exact2d.default(x, [7, 9]),
    aten.upsample_bilinear2d.default(x, [7, 9], False),
    aten.upsample_bilinear2d.default(x, [8, 10], True, 2.0, 2.0),
    aten.upsample_bicubic2d.default(x, [7, 9], False)), (1, 2, 4, 5))
simple("inventory", "upsample_1d_default", lambda x: (
    aten.upsample_nearest1d.default(x, [9]),
    aten.upsample_linear1d.default(x, [11], False)), (2, 3, 5))
simple("inventory", "safe_softmax", lambda x: aten._safe_softmax(
    torch.where(x[:, :1] > 0.5, float("-inf"), x), -1), (6, 5))
simple("inventory", "replication_pad1d", lambda x: aten.replication_pad1d(x, [2, 3]), (2, 3, 5))


@case("inventory", "aliases", dtypes=F32)
def _(inp):
    index = inp.i(4, lo=0, hi=5)
    return ([inp.r(5, 6), inp.r(5, 6), index],
            lambda a, b, i: (aten._unsafe_index.Tensor(a, [i]), aten._unsafe_view(a * 2, [6, 5]),
                             aten._stack([a, b], 1), aten._reshape_copy(b, [3, 10])))


simple("inventory", "bitwise_scalar_tensor", lambda a: (
    aten.bitwise_and.Scalar_Tensor(6, a), aten.bitwise_or.Scalar_Tensor(6, a),
    aten.bitwise_xor.Scalar_Tensor(6, a)), (4, 5), dtypes=("i64", "i32"))
simple("inventory", "add_relu", lambda a, b: (aten._add_relu.Tensor(a, b, alpha=2),
                                              aten._add_relu.Scalar(a, 0.5)), (4, 6), (4, 6))
simple("inventory", "floor_divide", lambda a, b: (torch.floor_divide(a, b),
                                                  torch.floor_divide(a, 0.7)), (4, 6), (4, 6),
       lo=0.3, hi=3.0)
simple("inventory", "rsub_tensor", lambda a, b: torch.rsub(a, b, alpha=2), (4, 6), (4, 6))
simple("inventory", "eye", lambda x: (torch.eye(4, dtype=x.dtype) + x,
                                      torch.eye(4, 6, dtype=x.dtype)), (4, 4))
simple("inventory", "windows", lambda x: (
    torch.hann_window(8, dtype=x.dtype) * x, torch.hann_window(8, periodic=False, dtype=x.dtype),
    torch.hamming_window(8, dtype=x.dtype), torch.hamming_window(8, False, dtype=x.dtype),
    torch.hamming_window(8, True, 0.5, dtype=x.dtype),
    torch.hamming_window(8, True, 0.6, 0.3, dtype=x.dtype),
    torch.bartlett_window(8, dtype=x.dtype), torch.bartlett_window(8, False, dtype=x.dtype),
    torch.blackman_window(8, dtype=x.dtype), torch.blackman_window(8, False, dtype=x.dtype)),
       (8,))
simple("inventory", "losses", lambda x, y: (
    F.huber_loss(x, y), F.huber_loss(x, y, reduction="none", delta=0.5),
    F.smooth_l1_loss(x, y, beta=0.7), F.smooth_l1_loss(x, y, reduction="sum"),
    F.soft_margin_loss(x, y.sign())), (4, 6), (4, 6))
simple("inventory", "bce", lambda x, y: (
    F.binary_cross_entropy(torch.sigmoid(x), y.abs() / 2), F.binary_cross_entropy_with_logits(
        x, y.abs() / 2, reduction="sum"), F.binary_cross_entropy_with_logits(x, y.abs() / 2)),
       (4, 6), (4, 6), dtypes=F32)
simple("inventory", "channel_shuffle", lambda x: F.channel_shuffle(x, 3), (2, 6, 3, 4))
simple("inventory", "angle", lambda x: torch.angle(x * (x.abs() > 0.3)), (4, 6))
simple("inventory", "erfinv", torch.erfinv, (5, 17), lo=-0.999, hi=0.999)
simple("inventory", "norms", lambda x: (torch.norm(x), torch.norm(x, p=1, dim=1),
                                        torch.norm(x, p=3, dim=(0, 2), keepdim=True),
                                        aten.norm.Scalar(x, 2), aten.norm.ScalarOpt_dtype(
                                            x, 2, dtype=torch.float32)),
       (3, 5, 7), dtypes=F32)
simple("inventory", "vdot_aminmax_split", lambda a, b: (
    torch.vdot(a[0], b[0]), *aten._aminmax(a), *aten._aminmax.dim(a, 1, True),
    *aten.unsafe_split(a, 2, 1), *aten.unsafe_split_with_sizes(b, [1, 3], 0)), (4, 6), (4, 6),
       dtypes=F32)


@case("inventory", "batch_norm_eval", dtypes=F32)
def _(inp):
    stats = [inp.r(3), inp.r(3), inp.r(3), inp.r(3, lo=0.5, hi=2.0)]
    return ([inp.r(2, 3, 4, 5)] + stats,
            lambda x, w, b, m, v: (aten.native_batch_norm(x, w, b, m, v, False, 0.1, 1e-5)[0],
                                   aten._batch_norm_no_update(x, w, b, m, v, 0.1, 1e-5)[0]))


@case("inventory", "take", dtypes=F32)
def _(inp):
    index = torch.tensor([[0, 5, -1], [11, -12, 3]])
    return [inp.r(3, 4), index], lambda x, i: torch.take(x, i)


@case("inventory", "isin_bucketize", dtypes=F32)
def _(inp):
    elements = torch.randint(0, 8, (4, 5), generator=inp.gen)
    tests = torch.tensor([1, 3, 5, 9])
    values = inp.r(4, 5, lo=-1, hi=5)
    boundaries = torch.tensor([0.0, 1.0, 1.5, 3.0, 4.0])
    return ([elements, tests, values, boundaries],
            lambda e, t, v, b: (torch.isin(e, t), torch.isin(e, t, invert=True), torch.isin(e, 3),
                                torch.isin(3, t), torch.bucketize(v, b),
                                torch.bucketize(v, b, right=True, out_int32=True),
                                torch.searchsorted(b, v), torch.searchsorted(b, v, side="right"),
                                torch.bucketize(2.0, b), torch.searchsorted(b, 1.0, right=True)))


simple("inventory", "lgamma_digamma", lambda x: (
    torch.lgamma(x), torch.digamma(x), torch.lgamma(x * 4), torch.digamma(x * 4 + 0.01),
    torch.mvlgamma(x.abs() + 2, 3)), (5, 17), lo=-3.0, hi=6.0, dtypes=F32)
simple("inventory", "polygamma_zeta", lambda x, q: (
    torch.polygamma(1, x), torch.polygamma(2, x), torch.polygamma(3, x + 2),
    torch.special.zeta(x + 2, q), torch.special.zeta(3.0, q), torch.special.zeta(x + 2, 1.5)),
       (5, 17), (5, 17), lo=0.3, hi=6.0, dtypes=F32)


# ------------------------------------------------ special functions, wide
# Ranges past each series' switch to its asymptotic expansion (J, Y beyond
# 12, K beyond 9, Ai beyond |x| = 6.9, erfcx beyond 2), so both sides of
# every piecewise formula are checked, not only OpInfo's small samples.
# ndtri's small probabilities stay normal floats: pt2c's float32 exp does
# not produce subnormals.
S = torch.special
simple("special", "bessel_j_y", lambda x: (
    S.bessel_j0(x), S.bessel_j1(x), S.bessel_y0(x.abs() + 0.01), S.bessel_y1(x.abs() + 0.01)),
       (4, 64), lo=-40.0, hi=40.0, dtypes=F32)
simple("special", "bessel_k", lambda x: (
    S.modified_bessel_k0(x), S.modified_bessel_k1(x), S.scaled_modified_bessel_k0(x),
    S.scaled_modified_bessel_k1(x), S.modified_bessel_k0(x * 0.05)), (4, 64), lo=0.01, hi=40.0,
       dtypes=F32)
simple("special", "airy_spherical", lambda x: (S.airy_ai(x), S.spherical_bessel_j0(x * 2)),
       (4, 64), lo=-20.0, hi=20.0, dtypes=F32)
simple("special", "normal_tails", lambda x: (
    S.erfcx(x), S.log_ndtr(-x), S.ndtri(torch.sigmoid(x)), S.ndtri(torch.exp(-x.abs() * 2.5))),
       (4, 64), lo=-8.0, hi=30.0, dtypes=F32)


@case("special", "chebyshev", dtypes=F32)
def _(inp):
    return ([inp.r(6, 40, lo=-1.5, hi=1.5), inp.i(6, 40, lo=0, hi=13).to(torch.float32)],
            lambda x, n: (S.chebyshev_polynomial_t(x, n), S.chebyshev_polynomial_u(x, n),
                          S.chebyshev_polynomial_v(x, n), S.chebyshev_polynomial_w(x, n),
                          S.shifted_chebyshev_polynomial_t(x, n),
                          S.shifted_chebyshev_polynomial_u(x, n),
                          S.shifted_chebyshev_polynomial_v(x, n),
                          S.shifted_chebyshev_polynomial_w(x, n),
                          S.chebyshev_polynomial_t(x, 5), S.chebyshev_polynomial_u(0.5, n)))


# ------------------------------------------------------------- torch.fft
# Every length path of pt2c's DFT (Fft.cpp): radix 2 alone (64), mixed with
# direct small primes (40, 1000), a direct prime (7), Bluestein's for primes
# above 16 (17, 97, 241 in 4097 = 17 * 241), length 1; c2r of odd and even
# sizes; the three norms; complex inputs and outputs (complex64 and
# complex128) and a complex value between two ops (view_as_real of an fft).
FFT = torch.fft


@case("fft", "fft_1d", dtypes=F32)
def _(inp):
    return ([inp.n(3, 17), inp.n(4, 64), inp.n(2, 1)],
            lambda a, b, c: (FFT.fft(a), FFT.ifft(b, norm="ortho"), FFT.fft(a, n=40),
                             FFT.rfft(b), FFT.irfft(FFT.rfft(a), n=17), FFT.hfft(a, n=9),
                             FFT.ihfft(a, norm="forward"), FFT.fft(c), FFT.irfft(b, n=2),
                             FFT.fft(a, n=7)))


@case("fft", "fft_long", dtypes=F32)
def _(inp):
    return ([inp.n(97, 3), inp.n(2, 4097), inp.n(1000)],
            lambda a, b, c: (FFT.fft(a, dim=0), FFT.ifft(a, n=194, dim=0), FFT.rfft(b),
                             FFT.fft(c, norm="forward"), FFT.irfft(c, n=1000)))


@case("fft", "fft_nd", dtypes=F32)
def _(inp):
    return ([inp.n(6, 10, 12)],
            lambda x: (FFT.fft2(x), FFT.ifftn(x, s=(4, 16), dim=(0, 2)), FFT.rfftn(x),
                       FFT.irfftn(x, s=(6, 9)), FFT.hfftn(x, s=(5, 7), norm="ortho"),
                       FFT.ihfft2(x), FFT.fftn(x, norm="forward"), FFT.irfft2(x)))


@case("fft", "fft_complex_io", dtypes=F32)
def _(inp):
    z = torch.complex(inp.n(4, 33), inp.n(4, 33))
    return ([z],
            lambda z: (FFT.ifft(z), FFT.fft(z, dim=0), torch.view_as_real(FFT.fft(z)),
                       FFT.irfft(z, n=20), FFT.hfft(z), z.to(torch.complex128)))


@case("fft", "fft_f64", dtypes=F32)
def _(inp):
    x = inp.n(5, 24, dtype=torch.float64)
    return [x], lambda x: (FFT.fft(x), FFT.irfft(x, n=30), FFT.rfft2(x, norm="ortho"))


@case("fft", "complex_parts", dtypes=F32)
def _(inp):
    return ([inp.n(3, 1), inp.n(4), inp.n(5, 2)],
            lambda a, b, p: (torch.complex(a, b), torch.polar(a.abs(), b),
                             a.to(torch.complex64), torch.view_as_complex(p),
                             torch.view_as_real(torch.complex(a, b)) * 2))


@case("fft", "stft", dtypes=F32)
def _(inp):
    window = torch.hann_window(16, dtype=torch.float32)
    return ([inp.n(2, 200), inp.n(150), window],
            lambda x, y, w: (
                torch.stft(x, 20, hop_length=5, win_length=16, window=w, normalized=True,
                           onesided=False, return_complex=True),
                torch.stft(y, 32, center=False, return_complex=True),
                torch.stft(y, 24, hop_length=7, win_length=10, return_complex=True)))


# ------------------------------------------------------------- linear algebra
# LU with partial pivoting and what pt2c builds on it (LinearSolve.cpp), on
# sizes and batches beyond OpInfo's first samples: pivoting that swaps,
# a singular matrix (det 0, slogdet's sign 0 and -inf, info), negative
# determinants, rectangular LU both ways, broadcast batches, left/right and
# transposed triangular solves, adjoint lu_solve, and a matrix_exp that
# needs squaring.
LA = torch.linalg


@case("linalg", "lu_family", dtypes=F32)
def _(inp):
    a = inp.n(3, 6, 6)
    singular = inp.n(4, 4)
    singular[:, 2] = 0  # an exact zero pivot in any precision: info 3, det 0
    return ([a, singular, inp.n(4, 6), inp.n(6, 4)],
            lambda a, s, wide, tall: (
                LA.det(a), LA.slogdet(a), torch.logdet(a), LA.det(s), LA.slogdet(s),
                LA.lu_factor_ex(s), LA.lu(wide), LA.lu(tall), LA.lu_factor(tall),
                torch.lu_unpack(*LA.lu_factor(wide))))


@case("linalg", "solve_family", dtypes=F32)
def _(inp):
    a = inp.n(2, 7, 7) + 3 * torch.eye(7)
    return ([a, inp.n(7, 3), inp.n(7)],
            lambda a, b, v: (LA.solve(a, b), LA.solve(a, v), LA.inv(a), LA.inv_ex(a[0]),
                             LA.solve_ex(a[1], b), LA.matrix_power(a[0], 5),
                             LA.matrix_power(a[1], -2), LA.matrix_power(a[0], 0),
                             LA.lu_solve(*LA.lu_factor(a), b.expand(2, 7, 3)),
                             LA.lu_solve(*LA.lu_factor(a), b.expand(2, 7, 3), adjoint=True),
                             torch.lu_solve(b.expand(2, 7, 3), *torch.linalg.lu_factor(a))))


@case("linalg", "triangular_tensor_exp", dtypes=F32)
def _(inp):
    t = inp.n(5, 5) + 4 * torch.eye(5)
    return ([t, inp.n(5, 2), inp.n(2, 5), inp.n(4, 6, 24), inp.n(6, 6) * 4],
            lambda t, b, r, a, e: (
                LA.solve_triangular(t, b, upper=False), LA.solve_triangular(t, r, upper=True,
                                                                           left=False),
                LA.solve_triangular(t, b, upper=True, unitriangular=True),
                torch.triangular_solve(b, t, upper=False, transpose=True),
                LA.tensorinv(a.reshape(4, 6, 2, 12), ind=2),
                LA.tensorsolve(a.reshape(4, 6, 4, 6), a[:, :, 0]),
                torch.matrix_exp(e), torch.matrix_exp(e * 0.01)))


@case("linalg", "qr_family", dtypes=F32)
def _(inp):
    tall, wide = inp.n(2, 6, 4), inp.n(3, 5)
    zero_col = inp.n(4, 4)
    zero_col[1:, 0] = 0  # a column already reduced: tau 0
    return ([tall, wide, zero_col, inp.n(2, 6, 3), inp.n(3, 6)],
            lambda t, w, z, c, r: (
                LA.qr(t), LA.qr(t, mode="complete"), LA.qr(w), LA.qr(w, mode="r").R,
                torch.geqrf(z), torch.qr(t[0], some=False),
                LA.householder_product(*torch.geqrf(t)),
                torch.ormqr(*torch.geqrf(t), c), torch.ormqr(*torch.geqrf(t), c, transpose=True),
                torch.ormqr(*torch.geqrf(t[0]), r, left=False),
                torch.ormqr(*torch.geqrf(t[0]), r, left=False, transpose=True)))


@case("linalg", "cholesky_family", dtypes=F32)
def _(inp):
    g = inp.n(3, 5, 5)
    spd = g @ g.transpose(-1, -2) + torch.eye(5)
    not_pd = torch.diag(torch.tensor([2.0, 1.0, -1.0, 3.0]))
    return ([spd, inp.n(5, 2), not_pd],
            lambda a, b, bad: (LA.cholesky(a), LA.cholesky(a, upper=True),
                               torch.cholesky_inverse(LA.cholesky(a)),
                               torch.cholesky_inverse(LA.cholesky(a, upper=True), upper=True),
                               torch.cholesky_solve(b.expand(3, 5, 2), LA.cholesky(a)),
                               LA.cholesky_ex(bad).info))


@case("linalg", "norms_distances", dtypes=("f32", "f16", "bf16"))
def _(inp):
    x = inp.n(3, 4, 5)
    return ([x, inp.n(2, 6, 3), inp.n(2, 4, 3), inp.n(5, 3)],
            lambda x, a, b, c: (LA.matrix_norm(x), LA.matrix_norm(x, dim=(0, 2), keepdim=True),
                                LA.norm(x), LA.norm(x, ord=3, dim=1), LA.norm(x[0, 0]),
                                torch.cdist(a, b), torch.cdist(a, b, p=1.0),
                                torch.cdist(a, b, p=float("inf")), F.pdist(c)))


@case("linalg", "vander_histc_pool_backward", dtypes=F32)
def _(inp):
    x = inp.n(1, 2, 7, 7)
    def f(v, vi, h, x):
        out, idx = aten.max_pool2d_with_indices(x, [3, 3], [2, 2], [1, 1])
        return (LA.vander(v, N=4), LA.vander(vi), torch.histc(h, bins=7, min=-1.0, max=1.0),
                torch.histc(h, bins=5),
                aten.max_pool2d_with_indices_backward(out * 2, x, [3, 3], [2, 2], [1, 1], [1, 1],
                                                      False, idx))
    return [inp.n(6), inp.i(5, lo=-3, hi=4), inp.n(200), x], f


# Jacobi eigen / SVD (Spectral.cpp). Vectors are unique only up to sign, so
# they are checked through what does not depend on it: |vector| entries
# (for distinct values), reconstructions and orthonormality.
def _orthogonal(inp, n):
    return LA.qr(inp.n(n, n, dtype=torch.float64)).Q


@case("spectral", "eigen", dtypes=F32)
def _(inp):
    g = inp.n(3, 5, 5)
    q = _orthogonal(inp, 4).float()
    repeated = q @ torch.diag(torch.tensor([1.0, 1.0, 2.0, -3.0])) @ q.T  # a double eigenvalue
    def f(g, r, e, one):
        a = g + g.transpose(-1, -2)
        w, v = LA.eigh(a)
        wr, vr = LA.eigh(r, UPLO="U")
        return (LA.eigvalsh(a), LA.eigvalsh(g, UPLO="U"), w, v.abs(),
                (v * w.unsqueeze(-2)) @ v.transpose(-1, -2), vr.T @ vr,
                (vr * wr) @ vr.T, wr, LA.eigvalsh(e + e.T), LA.eigvalsh(one))
    return [g, repeated, inp.n(4, 4), inp.n(1, 1)], f


@case("spectral", "svd", dtypes=F32)
def _(inp):
    q1, q2 = _orthogonal(inp, 5).float(), _orthogonal(inp, 5).float()
    rank3 = q1 @ torch.diag(torch.tensor([3.0, 2.0, 0.5, 0.0, 0.0])) @ q2.T
    def f(t, w, d):
        u, s, vh = LA.svd(t, full_matrices=False)
        uf, sf, vhf = LA.svd(w)
        uo, so, vo = torch.svd(t[0])
        return (LA.svdvals(t), s, u.abs(), vh.abs(), (u * s.unsqueeze(-2)) @ vh,
                sf, uf.abs(), vhf.T @ vhf, (uf[:, :3] * sf) @ vhf[:3], so, vo.abs(), uo.abs(),
                LA.svdvals(d), LA.svd(d).S, LA.svdvals(t.transpose(-1, -2)))
    return [inp.n(2, 6, 4), inp.n(3, 5), rank3], f


@case("spectral", "svd_f64", dtypes=F32)
def _(inp):
    x = inp.n(3, 7, 5, dtype=torch.float64)
    return [x], lambda x: (LA.svdvals(x), LA.eigvalsh(x.mT @ x), LA.pinv(x))


@case("spectral", "rank_pinv_norms", dtypes=F32)
def _(inp):
    q1, q2 = _orthogonal(inp, 5).float(), _orthogonal(inp, 5).float()
    rank3 = q1 @ torch.diag(torch.tensor([3.0, 2.0, 0.5, 0.0, 0.0])) @ q2.T
    g = inp.n(4, 4)
    def f(t, d, g, x):
        psd = g @ g.T
        return (LA.matrix_rank(d), LA.matrix_rank(t), LA.matrix_rank(psd, hermitian=True),
                LA.matrix_rank(d, atol=0.6), LA.matrix_rank(d, rtol=0.1),
                LA.pinv(t), LA.pinv(d), LA.pinv(g + g.T, hermitian=True), torch.pinverse(t[0]),
                LA.pinv(d, rtol=0.2), LA.cond(g), LA.cond(g, p=-2),
                LA.matrix_norm(x, ord="nuc"), LA.matrix_norm(x, ord=2),
                LA.matrix_norm(x, ord=-2, dim=(0, 2), keepdim=True), LA.matrix_norm(x, ord=1),
                LA.matrix_norm(x, ord=-1), LA.matrix_norm(x, ord=float("inf"), dim=(2, 1)),
                LA.matrix_norm(x, ord=-float("inf")))
    return [inp.n(2, 6, 4), rank3, g, inp.n(3, 4, 5)], f


# nextafter at the edges of the format (zero, subnormals, powers of two from
# either side, the largest finite value, infinities, NaN, equal operands)
# and on random values; mode with ties (rows of up to 16: torch's index of
# the mode is its last occurrence there).
@case("order", "nextafter", dtypes=FLOATS)
def _(inp):
    fi = torch.finfo(inp.dtype)
    inf, nan = float("inf"), float("nan")
    edges_x = [0.0, -0.0, 1.0, 1.0, -1.0, 2.0, 0.5, 3.0, -7.25, fi.max, -fi.max, fi.tiny, fi.tiny,
               fi.smallest_normal / 4, inf, -inf, nan, 2.0, 4.0, -4.0]
    edges_y = [1.0, -1.0, 2.0, 0.0, 0.0, -1.0, 1.0, 3.0, 5.0, inf, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0,
               1.0, 2.0, 0.0, -inf]
    x = torch.tensor(edges_x, dtype=inp.dtype)
    y = torch.tensor(edges_y, dtype=inp.dtype)
    return [x, y, inp.n(4, 25), inp.n(25)], lambda x, y, a, b: (torch.nextafter(x, y),
                                                                  torch.nextafter(a, b))


@case("order", "mode", dtypes=("f32", "i64", "bool", "bf16"))
def _(inp):
    ints = inp.i(4, 7, 9, lo=0, hi=4).to(inp.dtype) if inp.dtype != torch.bool else inp.b(4, 7, 9)
    return [ints, inp.n(3, 5)], lambda t, u: (torch.mode(t), torch.mode(t, dim=0),
                                             torch.mode(t, dim=1, keepdim=True), torch.mode(u, 0),
                                             torch.mode(t[0, 0, 0]))


@case("order", "segment_reduce", dtypes=FLOATS)
def _(inp):
    lengths = torch.tensor([2, 0, 3, 2])
    offsets = torch.tensor([0, 2, 2, 5, 7])
    def f(x, v, lengths, offsets):
        seg = torch.segment_reduce
        return tuple([seg(x, r, lengths=lengths) for r in ("sum", "prod", "max", "min", "mean")]
                     + [seg(x, r, offsets=offsets, initial=0.5)
                        for r in ("sum", "prod", "max", "min", "mean")]
                     + [seg(v, "max", lengths=lengths, initial=-1.0)])
    return [inp.n(7, 3), inp.n(7), lengths, offsets], f


# Results whose size depends on the values (the export's unbacked u0): a
# few hundred elements, about a third selected, the results also used by
# later ops, next to an output of static size.
@case("data_dependent", "nonzero", dtypes=("f32", "bool", "i64"))
def _(inp):
    if inp.dtype == torch.bool:
        x = torch.rand(12, 40, generator=inp.gen) < 0.3
    else:
        x = (inp.r(12, 40) * (torch.rand(12, 40, generator=inp.gen) < 0.3)).to(inp.dtype)
        x[0, 0] = float("nan") if inp.dtype.is_floating_point else 0
    v = inp.i(37, lo=-1, hi=2).to(inp.dtype) if inp.dtype != torch.bool else inp.b(37)
    return [x, v, inp.b(3, 4, 5)], lambda x, v, c: (torch.nonzero(x), torch.argwhere(v),
                                                  torch.nonzero(c), x.sum(0))


@case("data_dependent", "masked_select", dtypes=("f32", "f16", "i64"))
def _(inp):
    x = inp.r(6, 50) if inp.dtype != torch.int64 else inp.i(6, 50, lo=-9, hi=9)
    return ([x, inp.b(6, 50), inp.b(50)],
            lambda x, m, row: (torch.masked_select(x, m) * 2 + 1, torch.masked_select(x, row)))


@case("data_dependent", "boolean_index", dtypes=("f32", "bf16"))
def _(inp):
    x = inp.n(8, 16, 4)
    def f(x, m2, m1):
        picked = x[m2]
        return picked, x[m1].sum(), (picked.abs() + 1).log()
    return [x, inp.b(8, 16), inp.b(8)], f


# bool is left out: torch 2.11's export records unique's inverse and counts
# in self's dtype, which cannot hold them (pt2c refuses that node).
@case("data_dependent", "unique", dtypes=("f32", "i64"))
def _(inp):
    x = inp.i(5, 9, lo=-6, hi=7).to(inp.dtype)
    def f(x):
        values, inverse, counts = torch.unique(x, return_inverse=True, return_counts=True)
        runs, run_inverse, run_counts = torch.unique_consecutive(
            x, return_inverse=True, return_counts=True)
        return values, inverse, counts, runs, run_inverse, run_counts, torch.unique(x[0])
    return [x], f


@case("data_dependent", "tensor_split", dtypes=("f32",))
def _(inp):
    def f(x, at):
        return torch.tensor_split(x, at, dim=1)
    return [inp.n(3, 20, 2), torch.tensor([4, 4, 11, -3, 30])], f


# Rows longer than the rank sort's limit (64), sorted by digits, with
# ties (small integers), NaN, lengths that are not powers of two, every
# dim position, and top-k of a vocabulary-sized row.
@case("sort_long", "sort", dtypes=("f32", "bf16", "i64"))
def _(inp):
    def ties(*shape):
        values = inp.i(*shape, lo=-20, hi=20).to(inp.dtype)
        if inp.dtype.is_floating_point:
            values.view(-1)[::37] = float("nan")
        return values
    # Ties in index order where torch promises it (stable=True); the order
    # statistics and top-k on distinct values (torch leaves ties' indices
    # to its kernels: std::sort, nth_element).
    def f(rows, columns, wide):
        return (torch.sort(rows, dim=1, stable=True),
                torch.sort(rows, dim=1, descending=True, stable=True),
                torch.sort(columns, dim=0, stable=True), torch.argsort(rows, dim=-1, stable=True),
                torch.topk(wide, 10), torch.topk(wide, 5, largest=False),
                torch.median(wide, dim=1), torch.kthvalue(wide, 50, dim=1), torch.sort(rows, dim=1)[0])
    # top-k of distinct values (torch leaves the order of ties to the
    # kernel): a permutation, for bfloat16 of 10000 distinct bit patterns.
    order = torch.randperm(10000, generator=inp.gen)
    if inp.dtype == torch.bfloat16:
        wide = torch.arange(0x3C00, 0x3C00 + 10000, dtype=torch.int16).view(torch.bfloat16)[order]
    else:
        wide = (order - 5000).to(inp.dtype)
    return [ties(3, 300), ties(257, 2), wide.reshape(2, 5000)], f


# Long rows sorted by digits (lib/Conversion/ATenToPrim/RadixSort.cpp)
# meet every kind of key: -0.0 level with 0.0 (torch keeps their index
# order), NaN of either sign after +inf, infinities, int32's extremes,
# bools; ascending and descending, stable.
@case("sort_long", "sort_signs", dtypes=("f32", "f16", "i32", "bool"))
def _(inp):
    if inp.dtype == torch.bool:
        x = inp.b(4, 300)
    elif inp.dtype.is_floating_point:
        x = inp.i(4, 300, lo=-3, hi=4).to(inp.dtype)
        flat = x.view(-1)
        flat[::7] = -0.0
        flat[3::29] = float("nan")
        flat[5::31] = -torch.tensor(float("nan"), dtype=inp.dtype)
        flat[11::43] = float("inf")
        flat[13::47] = float("-inf")
    else:
        x = inp.i(4, 300, lo=-3, hi=4, dtype=inp.dtype)
        flat = x.view(-1)
        flat[::37] = torch.iinfo(inp.dtype).min
        flat[1::41] = torch.iinfo(inp.dtype).max
    return [x], lambda a: (torch.sort(a, dim=1, stable=True),
                           torch.sort(a, dim=1, descending=True, stable=True),
                           torch.argsort(a.t(), dim=0, descending=True, stable=True))


# unique of more items than the rank sort's 64 sorts them by digits (the
# inverse from the order by a scatter): 999 items in 9 x 111 and 333 in
# their first 3 rows. No NaN: torch 2.11's CPU kernel gives a NaN item
# the group of another NaN as its inverse; bfloat16 is left out: the archive
# records the inverse and counts in self's dtype, which cannot hold 999.
@case("sort_long", "unique_long", dtypes=("f32", "i64"))
def _(inp):
    x = inp.i(9, 111, lo=-40, hi=41).to(inp.dtype)
    def f(x):
        values, inverse, counts = torch.unique(x, return_inverse=True, return_counts=True)
        return values, inverse, counts, torch.unique(x[:3])
    return [x], f


# unique along a dim of more slices than the rank sort's 64 orders them
# lexicographically by digits (a stable radix sort per slice element, last
# first): 300 rows of 3 small integers (27 distinct rows, many repeated),
# and 150 columns of 2 along dim 1, with the inverse and the counts.
@case("sort_long", "unique_rows", dtypes=("f32", "i64"))
def _(inp):
    rows = inp.i(300, 3, lo=-1, hi=2).to(inp.dtype)
    columns = inp.i(2, 150, lo=0, hi=4).to(inp.dtype)
    def f(rows, columns):
        values, inverse, counts = torch.unique(rows, dim=0, return_inverse=True, return_counts=True)
        return values, inverse, counts, torch.unique(columns, dim=1)
    return [rows, columns], f


# Running sums and products over rows longer than the direct scan's 128
# (lib/Conversion/PrimToLinalg/BlockedScan.cpp scans them by blocks of 8):
# rows of 1000 (125 blocks), a column of 300 (a padded last block, not the
# last dim) and a row of 40000 whose 5000 block totals are blocked again,
# and theirs once more.
@case("scan_long", "cumsum", dtypes=("f32", "f16", "bf16", "i64"))
def _(inp):
    if inp.dtype == torch.int64:
        rows, columns, long = (inp.i(3, 1000, lo=-9, hi=10), inp.i(300, 2, lo=-9, hi=10),
                               inp.i(40000, lo=-9, hi=10))
    else:
        rows, columns, long = inp.n(3, 1000), inp.n(300, 2), inp.n(40000)
    return [rows, columns, long], lambda a, b, c: (a.cumsum(1), b.cumsum(0), c.cumsum(0),
                                                   (a > 0).cumsum(-1))


@case("scan_long", "cumprod", dtypes=("f32", "i64"))
def _(inp):
    if inp.dtype == torch.int64:
        signs = inp.b(4, 700).long() * 2 - 1  # products stay +-1: no overflow
        return [signs], lambda s: (s.cumprod(1), s.t().cumprod(0))
    near_one = 1 + 0.02 * inp.n(4, 700)
    return [near_one], lambda x: (x.cumprod(1), x.t().cumprod(0))


# Fractional max pooling with its samples given (so eager's values are
# expected values): window starts int((i + u) alpha) - int(u alpha) with
# alpha = (in - k) / (out - 1) not an integer, batched and unbatched, 2-d
# and 3-d, with the indices.
@case("pool_fractional", "fractional_max_pool")
def _(inp):
    def f(x, u, y, v, z, w):
        return (F.fractional_max_pool2d(x, (3, 2), output_size=(4, 5), return_indices=True,
                                        _random_samples=u),
                F.fractional_max_pool2d(y, 2, output_size=(3, 6), return_indices=True,
                                        _random_samples=v),
                F.fractional_max_pool3d(z, (2, 3, 2), output_size=(3, 3, 4), return_indices=True,
                                        _random_samples=w))
    return ([inp.n(2, 3, 11, 9), inp.r(2, 3, 2, lo=0.0, hi=1.0), inp.n(3, 9, 10),
             inp.r(1, 3, 2, lo=0.0, hi=1.0), inp.n(1, 2, 7, 8, 6), inp.r(1, 2, 3, lo=0.0, hi=1.0)], f)


@case("losses", "multi_margin", dtypes=("f32", "bf16"))
def _(inp):
    target = torch.tensor([0, 4, 2, 4])
    return ([inp.n(4, 5), target, inp.r(5, lo=0.5, hi=2.0), inp.n(5)],
            lambda x, t, w, v: (F.multi_margin_loss(x, t), F.multi_margin_loss(x, t, reduction="none"),
                                F.multi_margin_loss(x, t, p=2, margin=0.5, weight=w, reduction="sum"),
                                F.multi_margin_loss(v, t[1])))


@case("losses", "multilabel_margin", dtypes=("f32", "bf16"))
def _(inp):
    target = torch.tensor([[2, 4, -1, 0, 1, 1], [5, 0, 1, 3, 2, 4], [-1, 3, 3, 3, 3, 3]])
    return ([inp.n(3, 6), target, inp.n(4)],
            lambda x, t, v: (F.multilabel_margin_loss(x, t),
                             F.multilabel_margin_loss(x, t, reduction="none"),
                             F.multilabel_margin_loss(x, t, reduction="sum"),
                             F.multilabel_margin_loss(v, torch.tensor([3, 0, -1, 1]))))


@case("inventory", "masked_scatter")
def _(inp):
    mask = torch.rand(4, 6, generator=inp.gen) < 0.4
    return ([inp.r(4, 6), mask, inp.r(30)],
            lambda x, m, src: (x.masked_scatter(m, src), x.masked_scatter(m[0], src)))


@case("inventory", "nll_loss", dtypes=F32)
def _(inp):
    target = torch.tensor([1, 0, 4, -100, 2])
    target2d = torch.randint(0, 3, (2, 4, 5), generator=inp.gen)
    target2d[0, 1, 2] = -100
    return ([F.log_softmax(inp.r(5, 6), 1), target, inp.r(6, lo=0.5, hi=2.0),
             F.log_softmax(inp.r(2, 3, 4, 5), 1), target2d],
            lambda x, t, w, x2, t2: (F.nll_loss(x, t), F.nll_loss(x, t, weight=w),
                                     F.nll_loss(x, t, reduction="sum"),
                                     F.nll_loss(x, t, weight=w, reduction="none"),
                                     F.nll_loss(x2, t2), F.nll_loss(x2, t2, reduction="none"),
                                     F.cross_entropy(x, t.clamp(min=0), ignore_index=2),
                                     aten.nll_loss_forward(x, t, w, 1, -100),
                                     aten.nll_loss_forward(x, t, None, 0, -100)[0],
                                     aten.nll_loss2d_forward(x2, t2, None, 2, -100)))


# ----------------------------------------------------------------- gaps
# Ops first met in PyTorch's OpInfo corpus (whose first samples are often
# 0-d), over wider inputs: signs, zeros, out-of-range shifts, indices that
# only the mask keeps in range.
@case("gaps", "gcd_lcm", dtypes=("i64", "i32"))
def _(inp):
    a, b = inp.i(4, 16, lo=-60, hi=60, dtype=inp.dtype), inp.i(4, 16, lo=-60, hi=60, dtype=inp.dtype)
    a[0, :3] = torch.tensor([0, 0, 832040], dtype=inp.dtype)  # F(30), F(29): Euclid's slowest
    b[0, :3] = torch.tensor([0, 7, 514229], dtype=inp.dtype)
    return [a, b], lambda x, y: (torch.gcd(x, y), torch.lcm(x, y))


@case("gaps", "shifts", dtypes=("i64", "i32"))
def _(inp):
    a = inp.i(4, 20, lo=-1000, hi=1000, dtype=inp.dtype)
    b = inp.i(4, 20, lo=-2, hi=70, dtype=inp.dtype)
    return [a, b], lambda x, y: (torch.bitwise_left_shift(x, y), torch.bitwise_right_shift(x, y))


@case("gaps", "frexp")
def _(inp):
    x = inp.r(4, 16, lo=-300.0, hi=300.0)
    x[0, :6] = torch.tensor([0.0, -0.0, 1.0, 0.5, -8.0, 2.0 ** -10], dtype=x.dtype)
    return [x], lambda v: tuple(torch.frexp(v))


@case("gaps", "masked_index", dtypes=("f32", "i64", "bool"))
def _(inp):
    x = inp.r(5, 6, lo=-3, hi=3) if inp.dtype != torch.bool else inp.b(5, 6)
    mask = inp.b(7, 8)
    rows = torch.randint(-5, 5, (7, 1), generator=inp.gen)
    cols = torch.randint(-6, 6, (1, 8), generator=inp.gen)
    rows_out = torch.where(mask.any(1, keepdim=True), rows, rows + 40)  # out of range, unread
    values = inp.r(7, 8, lo=-2, hi=2) if inp.dtype != torch.bool else inp.b(7, 8)
    return ([x, mask, rows_out, cols, values],
            lambda x, m, r, c, v: (aten._unsafe_masked_index(x, m, [r, c], 1),
                                   aten._unsafe_masked_index_put_accumulate(x, m, [r, c], v)))


@case("gaps", "backward_forms")
def _(inp):
    grad, y = inp.r(3, 4, 5), torch.softmax(inp.r(3, 4, 5, dtype=torch.float32), 1).to(inp.dtype)
    keep = inp.b(3, 4, 5)
    return ([grad, y, keep],
            lambda g, o, k: (aten._softmax_backward_data(g, o, 1, o.dtype),
                             aten.native_dropout_backward(g, k, 1.25),
                             torch.nn.functional.rrelu(g, 0.1, 0.3, training=False)))


@case("gaps", "resize_")
def _(inp):
    def f(x, t):
        y = x * 1.0
        y.resize_(4, 5)  # fewer elements: the first 20, row-major; y is read after
        z = x + 1.0
        z.resize_as_(t)
        return y * 2.0, z
    return [inp.r(3, 8), inp.r(6, 4)], f


@case("gaps", "gradient")
def _(inp):
    return ([inp.r(5, 7)], lambda x: (*torch.gradient(x), *torch.gradient(x, spacing=2.0, dim=1, edge_order=2)))


@case("gaps", "triangle_indices", dtypes=F32)
def _(inp):
    return ([inp.r(3)], lambda x: (x * 2, torch.tril_indices(5, 7, -1), torch.triu_indices(4, 6, 2),
                                   torch.tril_indices(3, 3)))


# ------------------------------------------------------------------ random
# pt2c draws from its own generator (Philox4x32-10, keyed by --seed), not
# torch's, so these cases' eager outputs are not expected values:
# test/e2e/check_random.py checks the distributions instead (their range,
# moments and histograms over the 65,536 draws of each case), that two
# nodes draw independent numbers, and the generator's bits against the
# Philox4x32-10 reference. The inputs give shapes, dtypes and parameters.
# The inputs are one row (each case draws RANDOM_SHAPE from it: the archive
# keeps the inputs only, not the random outputs, so the data stays small).
RANDOM_SHAPE = (128, 512)


def random_case(name, op, dtypes=FLOATS, dynamic=None, lo=-2.0, hi=2.0):
    @case("random", name, dtypes, dynamic)
    def _(inp):
        rows = 4 if dynamic else 1
        expanded = op if dynamic else (lambda x: op(x.expand(*RANDOM_SHAPE)))
        return [inp.r(rows, RANDOM_SHAPE[1], lo=lo, hi=hi)], expanded


random_case("rand", lambda x: torch.rand(*RANDOM_SHAPE, dtype=x.dtype))
random_case("rand_like", torch.rand_like)
random_case("rand_like_dynamic", torch.rand_like, dtypes=F32,
            dynamic=({0: Dim("rows", min=2, max=1024)},))
random_case("randn", lambda x: torch.randn(*RANDOM_SHAPE, dtype=x.dtype))
random_case("randn_like", torch.randn_like)
random_case("randint", lambda x: torch.randint(3, 10, RANDOM_SHAPE), dtypes=F32)
random_case("randint_like", lambda x: torch.randint_like(x, -4, 4))
random_case("philox_bits", lambda x: torch.randint(0, 2**32, RANDOM_SHAPE), dtypes=F32)
random_case("two_draws", lambda x: (torch.rand_like(x), torch.rand_like(x)), dtypes=F32)
random_case("uniform_", inplace("uniform_", -3.0, 5.0))
random_case("normal_", inplace("normal_", 2.0, 3.0))
random_case("normal_size", lambda x: torch.normal(2.0, 3.0, RANDOM_SHAPE), dtypes=F32)
random_case("log_normal_", inplace("log_normal_", 0.0, 0.5))
random_case("exponential_", inplace("exponential_", 2.0))
random_case("cauchy_", inplace("cauchy_", 1.0, 2.0), dtypes=F32)
random_case("geometric_", inplace("geometric_", 0.25), dtypes=F32)
random_case("random_", inplace("random_", 10))
random_case("bernoulli_p", lambda x: torch.bernoulli(x, p=0.3))
random_case("bernoulli_", inplace("bernoulli_", 0.3))
random_case("bernoulli_probs", torch.bernoulli, lo=0.0, hi=1.0)
random_case("dropout_train", lambda x: F.dropout(x, 0.25, training=True))
random_case("native_dropout", lambda x: aten.native_dropout(x, 0.25, True), dtypes=F32)


@case("random", "normal_tensors", dtypes=F32)
def _(inp):
    return ([inp.r(1, RANDOM_SHAPE[1], lo=-5, hi=5), inp.r(1, RANDOM_SHAPE[1], lo=0.5, hi=3)],
            lambda mean, std: torch.normal(mean.expand(*RANDOM_SHAPE), std.expand(*RANDOM_SHAPE)))


# ------------------------------------------------------------ the exporter
def flatten(value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in flatten(v)]
    raise TypeError(f"unexpected output {type(value).__name__}")


class Case(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        # A flat tuple: torch.return_types (max.dim, topk, ...) do not serialize.
        return tuple(flatten(self.fn(*args)))


def to_numpy(t):
    if t.dtype == torch.bfloat16:
        t = t.float()
    # resolve_conj: ihfft returns a conjugate view, which numpy() refuses.
    return t.detach().resolve_conj().resolve_neg().contiguous().numpy()


def collect_targets(graph_json, out):
    for node in graph_json["nodes"]:
        out.add(node["target"])
        for arg in node["inputs"]:
            sub = arg["arg"].get("as_graph")
            if sub:
                collect_targets(sub["graph"], out)


def export_family(family, cases, outdir, manifest):
    programs, arrays = {}, {}
    for index, spec in enumerate(cases):
        for dname in spec["dtypes"]:
            model = f"{spec['name']}-{dname}"
            inp = Inputs(DTYPES[dname], seed=1000 + index)
            try:
                args, fn = spec["make"](inp)
                if isinstance(fn, torch.nn.Module):
                    fn = fn.eval()  # a submodule of Case: its parameters are weights
                module = Case(fn).eval()
                with torch.no_grad():
                    outputs = flatten(fn(*args))
                # forward(*args): the flat inputs are one tuple argument.
                dynamic = (spec["dynamic"],) if spec["dynamic"] else None
                ep = torch.export.export(module, tuple(args), dynamic_shapes=dynamic)
            except Exception as error:  # eager or export refuses: record, never claim
                manifest["skipped"].append({"family": family, "case": spec["name"], "dtype": dname,
                                            "reason": f"{type(error).__name__}: {str(error)[:300]}"})
                continue
            relativize_program(ep, REPO_ROOT)  # outside the try: a failure is ours, not a skip
            programs[model] = ep
            for k, t in enumerate(args):
                arrays[f"{model}.in{k}"] = to_numpy(t)
            for k, t in enumerate(outputs if family != "random" else ()):  # not expected values
                arrays[f"{model}.out{k}"] = to_numpy(t)
            manifest["models"][f"{family}/{model}"] = {
                "family": family, "case": spec["name"], "dtype": dname,
                "inputs": [[str(t.dtype).replace("torch.", ""), list(t.shape)] for t in args],
                "outputs": [[str(t.dtype).replace("torch.", ""), list(t.shape)] for t in outputs]}
    write_family(family, programs, arrays, outdir, manifest)


def write_family(family, programs, arrays, outdir, manifest):
    """OUTDIR/<family>.pt2 (one model per program), <family>.io.npz (both
    compacted: tools/compact_archives.py), and each model's op targets into
    its (already present) manifest entry."""
    from torch.export.pt2_archive._package import package_pt2
    if not programs:
        return
    path = os.path.join(outdir, family + ".pt2")
    package_pt2(path, exported_programs=programs)
    check_archive(path)
    np.savez(os.path.join(outdir, family + ".io.npz"), **arrays)
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if "/models/" in name and name.endswith(".json"):
                model = name.rsplit("/", 1)[1][:-5]
                targets = set()
                collect_targets(json.loads(archive.read(name))["graph_module"]["graph"], targets)
                manifest["models"][f"{family}/{model}"]["targets"] = sorted(targets)
    # Hundreds of programs' JSON: deflated (payloads stay STORED and
    # aligned), a fraction of the size in git and in what travels.
    compact(path)
    compact(os.path.join(outdir, family + ".io.npz"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--families", help="comma-separated subset")
    parser.add_argument("--list", action="store_true", help="print the cases and stop")
    args = parser.parse_args()
    families = sorted({c["family"] for c in CASES})
    if args.families:
        families = [f for f in families if f in args.families.split(",")]
    if args.list:
        for c in CASES:
            if c["family"] in families:
                print(c["family"], c["name"], ",".join(c["dtypes"]))
        return 0
    os.makedirs(args.outdir, exist_ok=True)
    torch.manual_seed(0)
    manifest = {"torch": torch.__version__, "models": {}, "skipped": []}
    manifest_path = os.path.join(args.outdir, "manifest.json")
    if args.families and os.path.exists(manifest_path):
        # Some families re-exported: the others' entries stay as they were.
        with open(manifest_path) as f:
            manifest = json.load(f)
        manifest["models"] = {k: v for k, v in manifest["models"].items()
                              if v["family"] not in families}
        manifest["skipped"] = [s for s in manifest["skipped"] if s["family"] not in families]
        manifest["torch"] = torch.__version__
    for family in families:
        export_family(family, [c for c in CASES if c["family"] == family], args.outdir, manifest)
        print(f"{family}: done", file=sys.stderr)
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    print(f"{len(manifest['models'])} models, {len(manifest['skipped'])} skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
