#!/usr/bin/env python3
"""Real-size benchmark: six models people deploy, pt2c next to eager PyTorch
and torch.compile on the same GPU (and CPU), back to back in one process.

The yardstick of the GPU and CPU speed work (bench/README.md). Four steps,
split between the GPU machine (torch, no LLVM) and the build machine (pt2c,
no torch):

  # GPU machine: build each model from a fixed seed and export it; graph-only
  # archives (weight payloads emptied) go to the build machine
  python3 bench/real_models.py export WORK
  # build machine: compile every graph-only archive (CUDA rows for sm_80,sm_90,
  # CPU rows for the default x86-64-v3), timing each compile; float32 CUDA
  # rows also with --allow-tf32 (NAME.tf32.so)
  python3 bench/real_models.py compile WORK/graph LIBS --pt2c build/bin/pt2c
  # GPU machine: regenerate the full archives from the same seed (they supply
  # the weights), time and check every row, write RESULTS.json
  python3 bench/real_models.py gpu WORK LIBS --runner LIBS/pt2c-run --results R.json
  python3 bench/real_models.py cpu WORK LIBS --runner LIBS/pt2c-run --results R.json
  # anywhere: the Markdown table of one or more result files
  python3 bench/real_models.py table R.json [R2.json ...]

Rows. GPU: resnet50, mobilenet_v3_large (batch 32, 224x224), vit_b_16 (batch
16), bert-base, gpt2 logits, a llama-style model (batch 8, 128 tokens), each
in float32 and in bfloat16 (the model converted with .to(torch.bfloat16)
before export). CPU: the same six in float32 at batch 1.

Timing. GPU: eager and torch.compile (default and mode="reduce-overhead")
with inputs on the GPU, TF32 off everywhere, 10 warm-up calls (after the
compiling one), 50 timed with CUDA events, median; pt2c through
`pt2c-run bench --device cuda --resident` (device tensors in and out, CUDA
graphs on: its default), 10 warm-up runs, median of 50; the "pt2c
--allow-tf32" column (mode pt2c-tf32, float32 rows) the same for the
library compiled with --allow-tf32. CPU: wall time,
median of 20 (5 at one thread), torch.set_num_threads and pt2c-run --threads
set alike; eager, torch.compile and pt2c take turns --rounds times (3) and
each reports the median of its rounds' medians.

Accuracy (checked through `pt2c-run run --expect`, which reports the largest
absolute error): float32 rows need max |pt2c - eager| <= 1e-5 * max |eager|;
bfloat16 rows compare with the float32 model's output on the same inputs and
need pt2c's largest error to be at most 2x eager bfloat16's own; the
--allow-tf32 libraries' error against the float32 model at most 2x eager
torch's with allow_tf32 on.

Roofline: the model's FLOPs (torch.utils.flop_counter) and the bytes it must
at least move (weights, inputs, outputs) against the GPU's peak (dense
bfloat16 tensor cores, float32 CUDA cores: TF32 is off) and memory
bandwidth: max(FLOPs / peak, bytes / bandwidth).
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
import zipfile

# ---------------------------------------------------------------- the rows

MODELS = ["resnet50", "mobilenet_v3_large", "vit_b_16", "bert_base", "gpt2", "llama"]
GPU_BATCH = {"resnet50": 32, "mobilenet_v3_large": 32, "vit_b_16": 16,
             "bert_base": 8, "gpt2": 8, "llama": 8}
SEQ = 128


def row_names(target):
    """Archive names: MODEL.TARGET.DTYPE (cuda rows at GPU_BATCH, cpu rows at 1)."""
    if target == "cuda":
        return [f"{m}.cuda.{d}" for m in MODELS for d in ("f32", "bf16")]
    return [f"{m}.cpu.f32" for m in MODELS]


ALL_ROWS = row_names("cuda") + row_names("cpu")


def parse_row(name):
    model, target, dtype = name.split(".")
    return model, target, dtype


# ---------------------------------------------------------------- models


def build_model(model):
    """The float32 model from a fixed seed, eval mode: random weights, batch
    norm statistics randomized, every all-zero parameter filled (zero biases
    would hide wrong bias handling)."""
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    if model in ("resnet50", "mobilenet_v3_large", "vit_b_16"):
        import torchvision
        module = getattr(torchvision.models, model)(weights=None)
    elif model == "bert_base":
        from transformers import BertConfig, BertModel
        module = huggingface_output(BertModel(BertConfig(vocab_size=30522)), "last_hidden_state")
    elif model == "gpt2":
        from transformers import GPT2Config, GPT2LMHeadModel
        module = huggingface_output(
            GPT2LMHeadModel(GPT2Config(vocab_size=50257, use_cache=False)), "logits")
    elif model == "llama":
        from transformers import LlamaConfig, LlamaForCausalLM
        config = LlamaConfig(vocab_size=32000, hidden_size=512, intermediate_size=1408,
                             num_hidden_layers=4, num_attention_heads=8, num_key_value_heads=4,
                             use_cache=False)
        module = huggingface_output(LlamaForCausalLM(config), "logits")
    else:
        raise ValueError(f"unknown model {model}")
    module.eval()
    generator = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for sub in module.modules():
            if isinstance(sub, nn.modules.batchnorm._BatchNorm) and sub.running_mean is not None:
                sub.running_mean.copy_(torch.rand(sub.running_mean.shape, generator=generator) - 0.5)
                sub.running_var.copy_(torch.rand(sub.running_var.shape, generator=generator) + 0.5)
        for parameter in module.parameters():
            if not parameter.any():
                parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.02)
    return module


def huggingface_output(inner, field):
    """`inner` returning only its output's `field`, a plain tensor (what
    torch.export and the C ABI take). Defined here so that `table` needs no
    torch."""
    import torch.nn as nn

    class HuggingFaceOutput(nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask=None):
            if attention_mask is None:
                return getattr(self.inner(input_ids=input_ids), field)
            return getattr(self.inner(input_ids=input_ids, attention_mask=attention_mask), field)

    return HuggingFaceOutput()


def make_inputs(model, batch, dtype):
    """The row's inputs, from their own seed: images in the model's dtype,
    token ids (and for BERT a mask whose second sample's second half is
    masked)."""
    import torch
    generator = torch.Generator().manual_seed(2)
    if model in ("resnet50", "mobilenet_v3_large", "vit_b_16"):
        return (torch.randn(batch, 3, 224, 224, generator=generator).to(dtype),)
    vocab = {"bert_base": 30522, "gpt2": 50257, "llama": 32000}[model]
    ids = torch.randint(0, vocab, (batch, SEQ), generator=generator, dtype=torch.int64)
    if model != "bert_base":
        return (ids,)
    mask = torch.ones(batch, SEQ, dtype=torch.int64)
    if batch > 1:
        mask[1, SEQ // 2:] = 0
    return (ids, mask)


def torch_dtype(dtype):
    import torch
    return {"f32": torch.float32, "bf16": torch.bfloat16}[dtype]


def row_model_and_inputs(name):
    """(module, inputs) of a row, on the CPU."""
    model, target, dtype = parse_row(name)
    batch = GPU_BATCH[model] if target == "cuda" else 1
    module = build_model(model)
    if dtype == "bf16":
        module = module.to(torch_dtype(dtype))
    return module, make_inputs(model, batch, torch_dtype(dtype))


# ---------------------------------------------------------------- export


def write_graph_only(full, graph_only):
    """A copy of the archive with every weight and sample-input payload
    emptied: pt2c compiles it with --weights external (shapes and places
    only) and reads the real weights from the full archive regenerated on
    the GPU machine; torch.export.save's example inputs are never read."""
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(graph_only, "w") as target:
        for info in source.infolist():
            emptied = (("/data/weights/" in info.filename or "/data/sample_inputs/" in info.filename)
                       and not info.filename.endswith(".json"))
            target.writestr(info.filename, b"" if emptied else source.read(info.filename))


def export_row(name, work, module, inputs):
    """Writes WORK/NAME.pt2 (full) and WORK/graph/NAME.pt2 (graph only) of
    the row's module (on the CPU, as row_model_and_inputs builds it)."""
    import torch
    path = os.path.join(work, name + ".pt2")
    program = torch.export.export(module, inputs, strict=False)
    torch.export.save(program, path)
    write_graph_only(path, os.path.join(work, "graph", name + ".pt2"))
    return path


def command_export(args):
    os.makedirs(os.path.join(args.work, "graph"), exist_ok=True)
    for name in args.only or ALL_ROWS:
        start = time.time()
        path = export_row(name, args.work, *row_model_and_inputs(name))
        print(f"exported {name}: {os.path.getsize(path) / 2**20:.1f} MiB, "
              f"graph-only {os.path.getsize(os.path.join(args.work, 'graph', name + '.pt2')) / 2**20:.2f} MiB, "
              f"{time.time() - start:.1f} s", flush=True)
    return 0


# ---------------------------------------------------------------- compile


def command_compile(args):
    """Compiles every graph-only archive with pt2c; LIBS/compile.json records
    the seconds and sizes."""
    os.makedirs(args.libs, exist_ok=True)
    record = {}
    failures = 0
    for name in args.only or ALL_ROWS:
        archive = os.path.join(args.graphs, name + ".pt2")
        if not os.path.exists(archive):
            continue
        _, target, dtype = parse_row(name)
        # float32 GPU rows also as NAME.tf32.so, built with --allow-tf32 (the
        # table's "pt2c tf32" column).
        variants = [(name, [])]
        if target == "cuda" and dtype == "f32":
            variants.append((name + ".tf32", ["--allow-tf32"]))
        for variant, extra in variants:
            library = os.path.join(args.libs, variant + ".so")
            command = [args.pt2c, archive, "-o", library, "--weights", "external"]
            if target == "cuda":
                command += ["--target", "cuda", "--cuda-arch", args.cuda_arch]
            command += args.pt2c_flag + extra
            start = time.time()
            result = subprocess.run(command, capture_output=True, text=True)
            seconds = time.time() - start
            if result.returncode != 0:
                failures += 1
                print(f"{variant}: pt2c failed (exit {result.returncode}):\n{result.stderr}",
                      flush=True)
                continue
            record[variant] = {"compile_s": round(seconds, 2), "bytes": os.path.getsize(library)}
            print(f"{variant}: {seconds:.2f} s, {os.path.getsize(library) / 1024:.0f} KiB",
                  flush=True)
    path = os.path.join(args.libs, "compile.json")
    old = json.load(open(path)) if os.path.exists(path) else {}
    old.update(record)
    json.dump(old, open(path, "w"), indent=1)
    return 1 if failures else 0


# ---------------------------------------------------------------- running pt2c


def pt2c_number(command, pattern):
    """The number `pattern` captures in what pt2c-run `command` prints, or
    NaN (printing the output) when it failed."""
    result = subprocess.run(command, capture_output=True, text=True)
    text = result.stdout + result.stderr
    match = re.search(pattern, text)
    if result.returncode == 0 and match:
        return float(match.group(1))
    print(text, flush=True)
    return float("nan")


def pt2c_median_ms(runner, library, inputs, weights, device, runs, warmup, extra):
    return pt2c_number([runner, "bench", library, "--device", device, "--inputs", inputs,
                        "--weights", weights, "--runs", str(runs), "--warmup", str(warmup)]
                       + extra, r"median ([0-9.]+) ms")


def pt2c_max_error(runner, library, inputs, expect, weights, device, extra):
    """pt2c's largest absolute error against EXPECT's out0 (NaN when it
    did not run)."""
    return pt2c_number([runner, "run", library, "--device", device, "--inputs", inputs,
                        "--expect", expect, "--weights", weights, "--atol", "1e30", "--rtol", "0"]
                       + extra, r"max_abs_err ([0-9.e+-]+|nan|inf)")


def save_profile(args, name, library, inputs, weights, device, extra):
    """With --profile-dir: `pt2c-run bench --profile` of the row's library
    (the slowest 40 points, and the time by kind), saved as DIR/NAME.txt."""
    if not args.profile_dir:
        return
    os.makedirs(args.profile_dir, exist_ok=True)
    result = subprocess.run([args.runner, "bench", library, "--device", device, "--inputs",
                             inputs, "--weights", weights, "--runs", "20", "--warmup", "3",
                             "--profile", "--profile-limit", "40"] + extra,
                            capture_output=True, text=True)
    with open(os.path.join(args.profile_dir, name + ".txt"), "w") as out:
        out.write(result.stdout + result.stderr)


def save_npz(path, inputs, outputs=()):
    import numpy as np
    arrays = {f"in{i}": t.detach().float().cpu().numpy() if t.is_floating_point()
              else t.detach().cpu().numpy() for i, t in enumerate(inputs)}
    arrays.update({f"out{i}": t.detach().float().cpu().numpy() for i, t in enumerate(outputs)})
    np.savez(path, **arrays)


# ---------------------------------------------------------------- GPU


def cuda_median_ms(function, inputs, runs=50, warmup=10):
    import torch
    for _ in range(warmup):
        function(*inputs)
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        function(*inputs)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


GPU_PEAKS = {  # name fragment: (dense bf16 TFLOP/s, float32 TFLOP/s without TF32, TB/s)
    "H100": (989.4, 66.9, 3.35),
    "H200": (989.4, 66.9, 4.8),
}


def gpu_peaks(device_name):
    for fragment, peaks in GPU_PEAKS.items():
        if fragment in device_name:
            return peaks
    return None


def flops_and_bytes(module, inputs, outputs):
    """FLOPs (NaN where torch's counter cannot count the model: it refuses
    grouped-query sdpa) and the bytes every run must at least move."""
    import torch
    from torch.utils.flop_counter import FlopCounterMode
    try:
        with FlopCounterMode(display=False) as counter, torch.inference_mode():
            module(*inputs)
        flops = counter.get_total_flops()
    except AssertionError:
        flops = float("nan")
    moved = sum(p.numel() * p.element_size() for p in module.parameters())
    moved += sum(t.numel() * t.element_size() for t in list(inputs) + list(outputs))
    return flops, moved


def roofline_ms(flops, moved, dtype, peaks):
    if not peaks:
        return float("nan")
    tensor, cuda_cores, bandwidth = peaks
    peak = (tensor if dtype == "bf16" else cuda_cores) * 1e12
    if flops != flops:
        return float("nan")
    return max(flops / peak, moved / (bandwidth * 1e12)) * 1e3


def gpu_row(name, args, device_name):
    """Times and checks one GPU row; returns its result record."""
    import torch
    model, _, dtype = parse_row(name)
    module, inputs = row_model_and_inputs(name)
    export_row(name, args.work, module, inputs)  # the full archive: pt2c's weights
    weights = os.path.join(args.work, name + ".pt2")
    library = os.path.join(args.libs, name + ".so")
    record = {"row": name, "gpu": device_name}
    module = module.cuda()
    cuda_inputs = tuple(t.cuda() for t in inputs)

    with torch.inference_mode():
        eager_out = module(*cuda_inputs)
        # The float32 reference: the same weights and inputs in float32.
        reference_module = build_model(model).cuda() if dtype == "bf16" else module
        reference_inputs = tuple(t.float() if t.is_floating_point() else t for t in cuda_inputs)
        reference = reference_module(*reference_inputs).float()
        record["eager_error"] = float((eager_out.float() - reference).abs().max())
        record["reference_max"] = float(reference.abs().max())
        flops, moved = flops_and_bytes(module, cuda_inputs, (eager_out,))
        record.update(flops=flops, bytes=moved,
                      roofline_ms=roofline_ms(flops, moved, dtype, gpu_peaks(device_name)))
        del reference_module
        if "eager" in args.modes:
            record["eager_ms"] = cuda_median_ms(module, cuda_inputs)
        if dtype == "f32" and "pt2c-tf32" in args.modes:
            # TF32's own error, eager torch with allow_tf32: what the tf32
            # column is held to.
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
            record["eager_tf32_error"] = float((module(*cuda_inputs).float() - reference).abs().max())
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False

    sample = os.path.join(args.work, name + ".io.npz")
    save_npz(sample, inputs, (reference,))
    if "pt2c" in args.modes and os.path.exists(library):
        record["pt2c_error"] = pt2c_max_error(args.runner, library, sample, sample, weights,
                                              "cuda", [])
        record["pt2c_ms"] = pt2c_median_ms(args.runner, library, sample, weights, "cuda",
                                           50, 10, ["--resident"])
        save_profile(args, name, library, sample, weights, "cuda", ["--resident"])
    tf32_library = os.path.join(args.libs, name + ".tf32.so")
    if "pt2c-tf32" in args.modes and dtype == "f32" and os.path.exists(tf32_library):
        record["pt2c_tf32_error"] = pt2c_max_error(args.runner, tf32_library, sample, sample,
                                                   weights, "cuda", [])
        record["pt2c_tf32_ms"] = pt2c_median_ms(args.runner, tf32_library, sample, weights,
                                                "cuda", 50, 10, ["--resident"])
    for mode, key in (("compile", "compile_ms"), ("reduce-overhead", "reduce_overhead_ms")):
        if mode not in args.modes:
            continue
        torch._dynamo.reset()
        compiled = torch.compile(module, mode=None if mode == "compile" else mode)
        start = time.time()
        with torch.inference_mode():
            compiled(*cuda_inputs)
            torch.cuda.synchronize()
            record[key.replace("_ms", "_compile_s")] = round(time.time() - start, 1)
            record[key] = cuda_median_ms(compiled, cuda_inputs)
    del module
    torch.cuda.empty_cache()
    return record


def command_gpu(args):
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    device_name = torch.cuda.get_device_name()
    print(gpu_info(), flush=True)
    rows = [r for r in (args.only or row_names("cuda")) if parse_row(r)[1] == "cuda"]
    return run_rows(rows, args, lambda name: gpu_row(name, args, device_name))


def gpu_info():
    result = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total,clocks.max.sm",
                             "--format=csv,noheader"], capture_output=True, text=True)
    import torch
    return f"GPU: {result.stdout.strip()}; torch {torch.__version__}"


def run_rows(rows, args, measure):
    results = json.load(open(args.results)) if os.path.exists(args.results) else {}
    for name in rows:
        start = time.time()
        try:
            record = measure(name)
        except Exception as error:  # one row's failure is reported, the others still run
            import traceback
            traceback.print_exc()
            record = {"row": name, "error": f"{type(error).__name__}: {error}"[:300]}
        record["date"] = time.strftime("%Y-%m-%d")
        merged = results.get(name, {})
        if "error" not in record:
            merged.pop("error", None)  # an earlier failure of this row is history
        merged.update(record)
        results[name] = merged
        json.dump(results, open(args.results, "w"), indent=1)
        print(f"{name} ({time.time() - start:.0f} s): "
              + ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                          for k, v in record.items() if k not in ("row", "gpu", "cpu")),
              flush=True)
    print(table(results))
    return 0


# ---------------------------------------------------------------- CPU


def cpu_median_ms(function, inputs, runs, warmup=3):
    for _ in range(warmup):
        function(*inputs)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function(*inputs)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def cpu_row(name, args, cpu_name):
    import torch
    module, inputs = row_model_and_inputs(name)
    export_row(name, args.work, module, inputs)
    weights = os.path.join(args.work, name + ".pt2")
    library = os.path.join(args.libs, name + ".so")
    record = {"row": name, "cpu": cpu_name}
    with torch.inference_mode():
        torch.set_num_threads(max(args.threads))
        reference = module(*inputs)
        record["reference_max"] = float(reference.abs().max())
        flops, _ = flops_and_bytes(module, inputs, (reference,))
        record["flops"] = flops
    sample = os.path.join(args.work, name + ".io.npz")
    save_npz(sample, inputs, (reference,))
    if "pt2c" in args.modes and os.path.exists(library):
        record["pt2c_error"] = pt2c_max_error(args.runner, library, sample, sample, weights,
                                              "cpu", ["--threads", str(max(args.threads))])
    for threads in args.threads:
        runs = 5 if threads == 1 else 20
        torch.set_num_threads(threads)
        compiled = None
        if "compile" in args.modes:
            torch._dynamo.reset()
            compiled = torch.compile(module)
            start = time.time()
            with torch.inference_mode():
                compiled(*inputs)
            record[f"compile_compile_s_t{threads}"] = round(time.time() - start, 1)
        # The sides take turns `rounds` times and each reports the median of
        # its rounds' medians: the GPU machine's CPU is shared, and its speed
        # moved by up to 60% within a loan, so back-to-back blocks compared
        # different machines.
        times = {"eager": [], "compile": [], "pt2c": []}
        for _ in range(args.rounds):
            with torch.inference_mode():
                if "eager" in args.modes:
                    times["eager"].append(cpu_median_ms(module, inputs, runs))
                if compiled is not None:
                    times["compile"].append(cpu_median_ms(compiled, inputs, runs))
            if "pt2c" in args.modes and os.path.exists(library):
                times["pt2c"].append(pt2c_median_ms(
                    args.runner, library, sample, weights, "cpu", runs, 2,
                    ["--threads", str(threads)]))
        for side, rounds in times.items():
            if rounds:
                record[f"{side}_ms_t{threads}"] = statistics.median(rounds)
                record[f"{side}_rounds_ms_t{threads}"] = [round(t, 3) for t in rounds]
    if "pt2c" in args.modes and os.path.exists(library):
        save_profile(args, name, library, sample, weights, "cpu",
                     ["--threads", str(max(args.threads))])
    return record


def command_cpu(args):
    lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.*)", lscpu)
    cpu_name = model.group(1).strip() if model else "unknown CPU"
    fields = {k: re.search(rf"{k}:\s*(.*)", lscpu) for k in
              ("CPU\\(s\\)", "Thread\\(s\\) per core", "Core\\(s\\) per socket")}
    flags = re.search(r"Flags:\s*(.*)", lscpu)
    isa = [f for f in (flags.group(1).split() if flags else [])
           if f in ("avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512_bf16",
                    "avx512_vnni", "amx_bf16", "amx_tile")]
    print(f"CPU: {cpu_name}; " + "; ".join(f"{k.replace(chr(92), '')} {v.group(1).strip()}"
                                           for k, v in fields.items() if v)
          + f"; ISA {' '.join(isa)}", flush=True)
    rows = [r for r in (args.only or row_names("cpu")) if parse_row(r)[1] == "cpu"]
    return run_rows(rows, args, lambda name: cpu_row(name, args, cpu_name))


# ---------------------------------------------------------------- table


def geomean(values):
    values = [v for v in values if v == v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def accuracy(record):
    """'ok (…)' / 'FAIL (…)' by the row's rule, or '-' when not measured."""
    error = record.get("pt2c_error")
    if error is None or error != error:
        return "-"
    _, _, dtype = parse_row(record["row"])
    if dtype == "f32":
        bound = 1e-5 * record["reference_max"]
    else:
        bound = 2 * record["eager_error"]
    verdict = "ok" if error <= bound else "FAIL"
    return f"{verdict} ({error:.2g} ≤ {bound:.2g})" if verdict == "ok" else f"FAIL ({error:.2g} > {bound:.2g})"


def tf32_accuracy(record):
    """The tf32 column's rule: pt2c --allow-tf32's error against the float32
    model at most twice eager torch's with allow_tf32."""
    error, bound = record.get("pt2c_tf32_error"), record.get("eager_tf32_error")
    if error is None or bound is None:
        return ""
    verdict = "ok" if error <= 2 * bound else "FAIL"
    sign = "≤" if verdict == "ok" else ">"
    return f"; tf32 {verdict} ({error:.2g} {sign} {2 * bound:.2g})"


def fmt(value, digits=2):
    return "-" if value is None or value != value else f"{value:.{digits}f}"


def table(results):
    lines = []
    gpu_rows = [results[r] for r in row_names("cuda") if r in results]
    if gpu_rows:
        gpus = sorted({r.get("gpu", "?") for r in gpu_rows})
        lines += [f"GPU rows on {', '.join(gpus)}", "",
                  "| row | eager ms | torch.compile ms | reduce-overhead ms | pt2c ms | "
                  "pt2c ÷ reduce-overhead | pt2c --allow-tf32 ms | roofline ms | accuracy |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in gpu_rows:
            ratio = r.get("pt2c_ms", float("nan")) / r.get("reduce_overhead_ms", float("nan"))
            lines.append(f"| {r['row']} | {fmt(r.get('eager_ms'))} | {fmt(r.get('compile_ms'))} | "
                         f"{fmt(r.get('reduce_overhead_ms'))} | {fmt(r.get('pt2c_ms'))} | "
                         f"{fmt(ratio)} | {fmt(r.get('pt2c_tf32_ms'))} | "
                         f"{fmt(r.get('roofline_ms'), 3)} | {accuracy(r)}{tf32_accuracy(r)}"
                         + (f" error: {r['error']}" if "error" in r else "") + " |")
        for dtype in ("f32", "bf16"):
            ratios = [r.get("pt2c_ms", float("nan")) / r.get("reduce_overhead_ms", float("nan"))
                      for r in gpu_rows if parse_row(r["row"])[2] == dtype]
            lines.append(f"\nGeomean pt2c ÷ reduce-overhead, {dtype}: {fmt(geomean(ratios))} "
                         f"(worst {fmt(max([x for x in ratios if x == x], default=float('nan')))})")
    cpu_rows = [results[r] for r in row_names("cpu") if r in results]
    if cpu_rows:
        threads = sorted({int(k.rsplit("_t", 1)[1]) for r in cpu_rows for k in r
                          if re.match(r"(eager|compile|pt2c)_ms_t\d+$", k)})
        cpus = sorted({r.get("cpu", "?") for r in cpu_rows})
        header = "| row |"
        for t in threads:
            header += f" eager {t}t | compile {t}t | pt2c {t}t | pt2c GFLOP/s {t}t |"
        lines += ["", f"CPU rows on {', '.join(cpus)} (ms unless stated)", "",
                  header + " pt2c ÷ compile (most threads) | accuracy |",
                  "|---|" + "---|" * (4 * len(threads) + 2)]
        for r in cpu_rows:
            line = f"| {r['row']} |"
            for t in threads:
                ours = r.get(f"pt2c_ms_t{t}", float("nan"))
                line += (f" {fmt(r.get(f'eager_ms_t{t}'))} | {fmt(r.get(f'compile_ms_t{t}'))} |"
                         f" {fmt(ours)} | {fmt(r.get('flops', float('nan')) / ours / 1e6, 0)} |")
            top = max(threads) if threads else 0
            line += (f" {fmt(r.get(f'pt2c_ms_t{top}', float('nan')) / r.get(f'compile_ms_t{top}', float('nan')))}"
                     f" | {accuracy(r)} |")
            lines.append(line)
        if threads:
            top = max(threads)
            lines.append(f"\nGeomean pt2c ÷ torch.compile at {top} threads: " + fmt(geomean(
                [r.get(f"pt2c_ms_t{top}", float("nan")) / r.get(f"compile_ms_t{top}", float("nan"))
                 for r in cpu_rows])))
    return "\n".join(lines)


def command_table(args):
    results = {}
    for path in args.results:
        for name, record in json.load(open(path)).items():
            merged = results.setdefault(name, {})
            if "error" not in record:
                merged.pop("error", None)
            merged.update(record)
    print(table(results))
    return 0


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export", help="export every row (full and graph-only archives)")
    export.add_argument("work")
    export.add_argument("--only", nargs="*", choices=ALL_ROWS)
    compile_ = commands.add_parser("compile", help="compile the graph-only archives with pt2c")
    compile_.add_argument("graphs")
    compile_.add_argument("libs")
    compile_.add_argument("--pt2c", default="build/bin/pt2c")
    compile_.add_argument("--cuda-arch", default="sm_80,sm_90",
                          help="CUDA rows' --cuda-arch (default: pt2c's own, sm_80,sm_90)")
    compile_.add_argument("--only", nargs="*", choices=ALL_ROWS)
    compile_.add_argument("--pt2c-flag", action="append", default=[],
                          help="one more pt2c argument (repeatable)")
    for target in ("gpu", "cpu"):
        sub = commands.add_parser(target, help=f"time and check the {target} rows")
        sub.add_argument("work")
        sub.add_argument("libs")
        sub.add_argument("--runner", required=True, help="pt2c-run")
        sub.add_argument("--results", required=True, help="JSON file, merged into")
        sub.add_argument("--only", nargs="*", choices=ALL_ROWS)
        sub.add_argument("--profile-dir",
                         help="also save `pt2c-run bench --profile` of each row's library "
                              "(CPU: at the most threads) as DIR/ROW.txt")
        sub.add_argument("--modes", default="eager,compile,reduce-overhead,pt2c,pt2c-tf32",
                         type=lambda text: text.split(","))
        if target == "cpu":
            sub.add_argument("--threads", default="1,16",
                             type=lambda text: [int(t) for t in text.split(",")])
            sub.add_argument("--rounds", type=int, default=3,
                             help="eager, torch.compile and pt2c take turns this many times "
                                  "per thread count; each reports the median of its rounds")
    table_ = commands.add_parser("table", help="print the Markdown table of result files")
    table_.add_argument("results", nargs="+")
    args = parser.parse_args()
    if args.command in ("gpu", "cpu"):
        os.makedirs(os.path.join(args.work, "graph"), exist_ok=True)
    return {"export": command_export, "compile": command_compile, "gpu": command_gpu,
            "cpu": command_cpu, "table": command_table}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
