#!/usr/bin/env python3
"""Matmul-, attention- and reduction-heavy models on the GPU: pt2c with
cuBLASLt, pt2c with its own kernels only (PT2C_CUBLASLT=off) and eager
PyTorch, on one GPU. The fixtures are small and launch-bound; these show
what the library call buys where the matmuls dominate, how pt2c's row
reductions (a warp per row, a block per long row) and its flash-attention
kernel compare with eager's (which runs its own fused attention kernels),
and check that kernel on shapes the fixtures lack (several key tiles,
partial warps, value widths past 32, float and boolean masks, causal).

Two steps, both on the GPU machine, with a compile between them on a
machine with pt2c (the GPU machine has no LLVM):

  python3 bench/cuda_gemm.py export DIR          # DIR/NAME.pt2 (weightless)
  bench/compile_fixtures.sh build OUT ... or: pt2c DIR/NAME.pt2 -o OUT/NAME.so --target cuda
  python3 bench/cuda_gemm.py run --models OUT --runner OUT/pt2c-run [--inductor]

`run` makes random inputs (seeded), computes eager's outputs on the GPU
(TF32 off), checks pt2c's against them (|got - want| <= 1e-4 + 1e-4 |want|
per element, both with and without cuBLASLt) and prints the median
latencies, all with the tensors on the GPU (pt2c-run bench --resident).
The weights are inputs so the archives stay small.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def models():
    import torch

    class Chain(torch.nn.Module):
        """Two square matmuls with a ReLU between."""
        def forward(self, x, y):
            return torch.relu(x @ y) @ y

    class Attention(torch.nn.Module):
        """softmax(q kᵀ / 8) v over 2 x 8 heads of 512 tokens."""
        def forward(self, q, k, v):
            return torch.softmax((q @ k.transpose(-2, -1)) * 0.125, dim=-1) @ v

    class Sdpa(torch.nn.Module):
        """scaled_dot_product_attention, optionally causal."""
        def __init__(self, causal=False):
            super().__init__()
            self.causal = causal

        def forward(self, q, k, v):
            return torch.nn.functional.scaled_dot_product_attention(q, k, v,
                                                                    is_causal=self.causal)

    class MaskedSdpa(torch.nn.Module):
        """With the mask an input (float: added; bool: kept where true)."""
        def forward(self, q, k, v, mask):
            return torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)

    class TransformerAttention(torch.nn.Module):
        """Self-attention as models write it: one projection to q, k, v,
        heads split off by view and transpose, merged back, projected."""
        def forward(self, x, w_qkv, w_out):
            batch, tokens, width = x.shape
            q, k, v = torch.nn.functional.linear(x, w_qkv).split(width, dim=-1)
            heads = lambda t: t.view(batch, tokens, 8, width // 8).transpose(1, 2)
            o = torch.nn.functional.scaled_dot_product_attention(heads(q), heads(k), heads(v))
            return torch.nn.functional.linear(o.transpose(1, 2).reshape(batch, tokens, width),
                                              w_out)

    class WideMlp(torch.nn.Module):
        """A transformer MLP: linear (W is [out, in]), GELU, linear."""
        def forward(self, x, w1, w2):
            return torch.nn.functional.linear(torch.nn.functional.gelu(
                torch.nn.functional.linear(x, w1)), w2)

    class LinearRelu(torch.nn.Module):
        """A linear layer with its bias and a ReLU: cuBLASLt's epilogue."""
        def forward(self, x, w, b):
            return torch.relu(torch.nn.functional.linear(x, w, b))

    class Softmax(torch.nn.Module):
        """Few long rows: a block per row."""
        def forward(self, x):
            return torch.softmax(x, dim=-1)

    class LayerNorm(torch.nn.Module):
        """Many rows of a transformer's width: a warp per row."""
        def forward(self, x, w, b):
            return torch.nn.functional.layer_norm(x, (768,), w, b)

    class RowSums(torch.nn.Module):
        """A handful of very long rows."""
        def forward(self, x):
            return x.sum(dim=-1)

    # Weights scaled by 1/sqrt(fan-in), as layers are initialised, so the
    # activations stay near 1 and the float32 tolerance is meaningful.
    return {
        "chain_1024": (Chain(), [((1024, 1024), 1.0), ((1024, 1024), 1024 ** -0.5)]),
        "attention_512": (Attention(), [((2, 8, 512, 64), 1.0)] * 3),
        # Several key tiles and a partial one, rows past the last warp,
        # E = 24 and Ev = 80 (three lanes' worth of columns), a float mask.
        "sdpa_shapes": (MaskedSdpa(), [((2, 3, 37, 24), 1.0), ((2, 3, 70, 24), 1.0),
                                 ((2, 3, 70, 80), 1.0), ((2, 1, 37, 70), 1.0)]),
        # A boolean mask (the runner draws it: about one key in five
        # dropped, the diagonal always kept so no row is fully masked).
        "sdpa_bool_mask": (MaskedSdpa(), [((1, 2, 19, 40), 1.0), ((1, 2, 45, 40), 1.0),
                                    ((1, 2, 45, 40), 1.0), ((19, 45), "mask")]),
        "sdpa_causal": (Sdpa(causal=True), [((2, 4, 50, 32), 1.0)] * 3),
        "sdpa_512": (Sdpa(), [((2, 8, 512, 64), 1.0)] * 3),
        # Exported with a dynamic batch (run at 3): the kernel's grid follows it.
        "sdpa_dynamic_batch": (Sdpa(), [((3, 4, 40, 32), 1.0)] * 3, "batch"),
        "sdpa_causal_1024": (Sdpa(causal=True), [((1, 8, 1024, 64), 1.0)] * 3),
        "transformer_attention_128": (TransformerAttention(),
                                      [((4, 128, 256), 1.0), ((768, 256), 256 ** -0.5),
                                       ((256, 256), 256 ** -0.5)]),
        "mlp_256x512x2048": (WideMlp(), [((256, 512), 1.0), ((2048, 512), 512 ** -0.5),
                                         ((512, 2048), 2048 ** -0.5)]),
        "linear_relu_1024x1024x2048": (LinearRelu(), [((1024, 1024), 1.0),
                                                     ((2048, 1024), 1024 ** -0.5),
                                                     ((2048,), 1.0)]),
        "softmax_16x4096": (Softmax(), [((16, 4096), 1.0)]),
        "layernorm_4096x768": (LayerNorm(), [((4096, 768), 1.0), ((768,), 1.0), ((768,), 1.0)]),
        "rowsums_4x262144": (RowSums(), [((4, 262144), 1.0)]),
    }


def sample_input(shape, scale, generator, torch=None):
    """A float input scaled by `scale`, or for "mask" a boolean mask that
    keeps the diagonal and about four keys in five. numpy, or torch when
    given."""
    import numpy as np
    if scale == "mask":
        value = generator.random(shape) < 0.8
        for i in range(min(shape)):
            value[..., i, i] = True
    else:
        value = generator.standard_normal(shape, dtype=np.float32) * np.float32(scale)
    return torch.from_numpy(value) if torch else value


def export(directory, only):
    import numpy as np
    import torch
    # Stack traces relative to the repository, not this machine's folders
    # (test/lit/Inputs/sdpa_dynamic_batch.pt2 is one of these archives).
    tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools")
    sys.path.insert(0, tools)
    from relative_traces import REPO_ROOT, check_archive, relativize_program
    os.makedirs(directory, exist_ok=True)
    for name, (module, shapes, *dynamic) in models().items():
        if only and name not in only:
            continue
        args = tuple(sample_input(shape, scale, np.random.default_rng(0), torch)
                     for shape, scale in shapes)
        # "batch": dim 0 of every input is one dynamic size.
        batch = torch.export.Dim("batch", min=1, max=64)
        program = torch.export.export(
            module, args, dynamic_shapes=tuple({0: batch} for _ in args) if dynamic else None)
        # The archive would also hold the example inputs: megabytes that
        # pt2c never reads.
        try:
            program.example_inputs = None
        except (AttributeError, ValueError):
            program._example_inputs = None
        relativize_program(program, REPO_ROOT)
        path = os.path.join(directory, name + ".pt2")
        torch.export.save(program, path)
        check_archive(path)
        print(f"exported {name}")


def median_ms(function, runs):
    import torch
    for _ in range(5):
        function()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def pt2c(runner, command, library, sample, runs, cublaslt):
    env = dict(os.environ)
    if not cublaslt:
        env["PT2C_CUBLASLT"] = "off"
    args = [runner, command, library, "--device", "cuda", "--inputs", sample]
    args += ["--expect", sample] if command == "run" else ["--runs", str(runs), "--resident"]
    result = subprocess.run(args, capture_output=True, text=True, env=env)
    return result.returncode, result.stdout + result.stderr


def run(args):
    import numpy as np
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    rows, failures = [], 0
    for name, (module, shapes, *_) in models().items():
        library = os.path.join(args.models, name + ".so")
        if not os.path.exists(library):
            print(f"{name}: skipped, no {library}")
            continue
        # Eager runs the module the archive was exported from.
        program = module.to("cuda")
        generator = np.random.default_rng(0)
        inputs = [sample_input(shape, scale, generator) for shape, scale in shapes]
        on_gpu = [torch.from_numpy(x).to("cuda") for x in inputs]
        with torch.inference_mode():
            want = program(*on_gpu)
            eager = median_ms(lambda: program(*on_gpu), args.runs)
        inductor = float("nan")
        if args.inductor:
            try:
                compiled = torch.compile(program)
                with torch.inference_mode():
                    inductor = median_ms(lambda: compiled(*on_gpu), args.runs)
            except Exception as error:  # reported, not fatal: eager and pt2c still compare
                print(f"{name}: torch.compile failed: {error}")
        with tempfile.TemporaryDirectory() as scratch:
            sample = os.path.join(scratch, "io.npz")
            arrays = {f"in{i}": x for i, x in enumerate(inputs)}
            arrays["out0"] = want.cpu().numpy()
            np.savez(sample, **arrays)
            timings = {}
            for cublaslt in (True, False):
                code, text = pt2c(args.runner, "run", library, sample, args.runs, cublaslt)
                if code != 0:
                    failures += 1
                    print(f"{name} (cuBLASLt {'on' if cublaslt else 'off'}): FAILED\n{text}")
                code, text = pt2c(args.runner, "bench", library, sample, args.runs, cublaslt)
                match = re.search(r"median ([0-9.]+) ms", text)
                timings[cublaslt] = float(match.group(1)) if code == 0 and match else float("nan")
                if not match:
                    print(text)
        rows.append((name, eager, inductor, timings[True], timings[False]))
        print(f"{name}: eager {eager:.3f} ms, torch.compile {inductor:.3f} ms, pt2c "
              f"{timings[True]:.3f} ms, pt2c kernels only {timings[False]:.3f} ms", flush=True)
    print()
    print("| model | eager CUDA (ms) | torch.compile (ms) | pt2c, cuBLASLt (ms) | "
          "pt2c, own kernels (ms) | pt2c / eager | pt2c / torch.compile |")
    print("|---|---|---|---|---|---|---|")
    for name, eager, inductor, ours, kernels in rows:
        print(f"| {name} | {eager:.3f} | {inductor:.3f} | {ours:.3f} | {kernels:.3f} | "
              f"{ours / eager:.2f}x | {ours / inductor:.2f}x |")
    print(f"\n{'ALL PASSED' if failures == 0 else f'{failures} FAILED'}")
    return 0 if failures == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    exporting = commands.add_parser("export", help="write DIR/NAME.pt2")
    exporting.add_argument("directory")
    exporting.add_argument("--only", nargs="*", help="these models only")
    running = commands.add_parser("run", help="check and time the compiled models")
    running.add_argument("--models", required=True, help="NAME.so compiled with --target cuda")
    running.add_argument("--runner", required=True, help="pt2c-run")
    running.add_argument("--runs", type=int, default=50)
    running.add_argument("--inductor", action="store_true",
                         help="also time torch.compile (Inductor) of the same module")
    args = parser.parse_args()
    if args.command == "export":
        export(args.directory, args.only)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
