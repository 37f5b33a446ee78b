#!/usr/bin/env python3
"""Checks the op corpus's "random" family (rand, randn, randint, normal,
bernoulli, dropout in training mode, ...) on the CPU.

usage: check_random.py PT2C PT2C_RUN CORPUS_DIR WORK_DIR [CASE...]

pt2c draws from its own generator (Philox4x32-10 keyed by --seed,
docs/random.md), not torch's, so eager outputs are no expected values here.
Each case is compiled, run, and judged by what its distribution must be:
- the range of every value, and its mean and variance within 6 standard
  errors of the distribution's over the case's 65,536 draws;
- for uniform draws, a chi-square test over 16 bins (the 0.9999 quantile
  of chi-square with 15 degrees of freedom, 44.3, as the limit);
- the generator itself: `philox_bits` (randint(0, 2^32) as the program's
  only random node: stream 0) must equal word 0 of this file's own
  Philox4x32-10 (from the paper) at every element, for the default seed
  and for --seed 12345, and the paper's known answer for the zero key and
  counter (0x6627e8d5);
- the two nodes of `two_draws` draw different, uncorrelated numbers, and a
  library gives the same numbers on every run.
A failing case prints one line; exit 1 on any failure. No numpy (CI's
Python has none): the .npy files are read with the standard library.
"""
import array
import ast
import json
import math
import os
import struct
import subprocess
import sys
import zipfile

from check_op_corpus import write_case_npz  # the case's arrays as in0, out0, ...

SHAPE = (128, 512)
CHI2_LIMIT_15 = 44.3  # chi-square, 15 degrees of freedom, 0.9999 quantile

# ------------------------------------------------------ Philox4x32-10 reference
MASK = 0xFFFFFFFF


def philox4x32_10(counter, key):
    """Salmon et al., SC 2011: 10 rounds of the 4x32 bijection, Weyl key schedule."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(10):
        p0 = 0xD2511F53 * c0
        p1 = 0xCD9E8D57 * c2
        c0, c1, c2, c3 = ((p1 >> 32) ^ c1 ^ k0) & MASK, p1 & MASK, ((p0 >> 32) ^ c3 ^ k1) & MASK, p0 & MASK
        k0 = (k0 + 0x9E3779B9) & MASK
        k1 = (k1 + 0xBB67AE85) & MASK
    return c0, c1, c2, c3


def reference_word0(index, seed, stream=0, draw=0):
    """pt2c's counter layout (lib/Conversion/ATenToPrim/Random.cpp)."""
    return philox4x32_10((index & MASK, index >> 32, stream, draw), (seed & MASK, seed >> 32))[0]


# ------------------------------------------------------------------ npz files
def read_npz(path):
    """{name: (shape, flat list)} of an .npz, for the dtypes pt2c-run writes."""
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            data = archive.read(name)
            assert data[:6] == b"\x93NUMPY", name
            major = data[6]
            if major == 1:
                length, start = struct.unpack("<H", data[8:10])[0], 10
            else:
                length, start = struct.unpack("<I", data[8:12])[0], 12
            header = ast.literal_eval(data[start:start + length].decode("latin1"))
            body = data[start + length:]
            codes = {"<f4": "f", "<f8": "d", "<i8": "q", "<i4": "i", "|b1": "B", "|u1": "B"}
            descr = header["descr"]
            if descr == "<f2":
                values = [v[0] for v in struct.iter_unpack("<e", body)]
            else:
                values = array.array(codes[descr])
                values.frombytes(body)
                values = list(values)
            arrays[name[:-4]] = (tuple(header["shape"]), values)
    return arrays


# ----------------------------------------------------------------- statistics
def moments(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, var


class Checks:
    def __init__(self, name):
        self.name = name
        self.failures = []

    def that(self, condition, what):
        if not condition:
            self.failures.append(what)

    def within(self, values, lo, hi, closed_hi=False):
        bad = [v for v in values if not (lo <= v <= hi if closed_hi else lo <= v < hi)]
        self.that(not bad, f"{len(bad)} values outside [{lo}, {hi}{']' if closed_hi else ')'}, "
                           f"e.g. {bad[:3]}")

    def mean_var(self, values, mean, var, var_tolerance=None):
        """Sample mean within 6 standard errors; sample variance within
        `var_tolerance` (relative; default 6 standard errors for a normal
        sample's variance, sqrt(2/(n-1)))."""
        n = len(values)
        got_mean, got_var = moments(values)
        self.that(abs(got_mean - mean) <= 6 * math.sqrt(var / n),
                  f"mean {got_mean:.5f}, expected {mean} +- {6 * math.sqrt(var / n):.5f}")
        tolerance = var_tolerance or 6 * math.sqrt(2.0 / (n - 1))
        self.that(abs(got_var / var - 1) <= tolerance,
                  f"variance {got_var:.5f}, expected {var} (relative +- {tolerance:.3f})")

    def uniform_bins(self, values, lo, hi, bins=16):
        counts = [0] * bins
        for v in values:
            counts[min(int((v - lo) / (hi - lo) * bins), bins - 1)] += 1
        expected = len(values) / bins
        chi2 = sum((c - expected) ** 2 / expected for c in counts)
        self.that(chi2 <= CHI2_LIMIT_15, f"chi-square {chi2:.1f} over {bins} bins > {CHI2_LIMIT_15}")

    def discrete(self, values, support, probabilities):
        """Each value in `support`, frequencies within 6 standard errors."""
        n = len(values)
        counts = {s: 0 for s in support}
        for v in values:
            if v not in counts:
                self.that(False, f"value {v} outside {support}")
                return
            counts[v] += 1
        for s, p in zip(support, probabilities):
            tolerance = 6 * math.sqrt(p * (1 - p) / n)
            self.that(abs(counts[s] / n - p) <= tolerance,
                      f"frequency of {s}: {counts[s] / n:.4f}, expected {p:.4f} +- {tolerance:.4f}")


def fraction_below(values, limit):
    return sum(1 for v in values if v < limit) / len(values)


def check_case(case, dtype, inputs, outputs, c):
    """The distribution checks of one case, from its inputs and outputs."""
    out = outputs["out0"][1]
    n = len(out)
    # float16/bfloat16 draws are rounded: their moments get a looser variance.
    coarse = dtype in ("f16", "bf16")
    if case in ("rand", "rand_like", "rand_like_dynamic"):
        c.within(out, 0.0, 1.0)
        c.mean_var(out, 0.5, 1 / 12, var_tolerance=0.03 if n > 10000 else 0.2)
        if n > 10000:
            c.uniform_bins(out, 0.0, 1.0)
        c.that(len(set(out)) > min(n // 4, 100), "too few distinct values")
    elif case in ("randn", "randn_like"):
        c.mean_var(out, 0.0, 1.0, var_tolerance=0.05 if coarse else None)
        inside = sum(1 for v in out if abs(v) < 1) / n  # 0.6827 for a standard normal
        c.that(abs(inside - 0.6827) < 0.012, f"P(|z| < 1) = {inside:.4f}, expected 0.6827")
    elif case == "normal_size":
        c.mean_var(out, 2.0, 9.0)
    elif case == "normal_":
        c.mean_var(out, 2.0, 9.0, var_tolerance=0.05 if coarse else None)
    elif case == "normal_tensors":
        mean, std = inputs["in0"][1], inputs["in1"][1]
        columns = len(mean)
        z = [(v - mean[i % columns]) / std[i % columns] for i, v in enumerate(out)]
        c.mean_var(z, 0.0, 1.0)
    elif case == "randint":
        c.discrete(out, list(range(3, 10)), [1 / 7] * 7)
    elif case == "randint_like":
        c.discrete(out, [float(v) for v in range(-4, 4)], [1 / 8] * 8)
    elif case == "random_":
        c.discrete(out, [float(v) for v in range(10)], [1 / 10] * 10)
    elif case == "uniform_":
        c.within(out, -3.0, 5.0, closed_hi=coarse)
        c.mean_var(out, 1.0, 64 / 12, var_tolerance=0.03)
        c.uniform_bins(out, -3.0, 5.0)
    elif case == "exponential_":  # rate 2: mean 1/2, variance 1/4
        c.within(out, 0.0, math.inf)
        c.mean_var(out, 0.5, 0.25, var_tolerance=0.1)
        c.that(abs(fraction_below(out, 0.5) - (1 - math.exp(-1))) < 0.012,
               f"P(x < 0.5) = {fraction_below(out, 0.5):.4f}, expected {1 - math.exp(-1):.4f}")
    elif case == "log_normal_":  # exp(N(0, 0.5^2)): median 1
        c.within(out, 0.0, math.inf)
        c.that(abs(fraction_below(out, 1.0) - 0.5) < 0.012,
               f"P(x < 1) = {fraction_below(out, 1.0):.4f}, expected 0.5")
        c.mean_var([math.log(v) for v in out], 0.0, 0.25, var_tolerance=0.05 if coarse else None)
    elif case == "cauchy_":  # median 1, scale 2: quartiles at -1 and 3
        for limit, p in ((1.0, 0.5), (-1.0, 0.25), (3.0, 0.75)):
            got = fraction_below(out, limit)
            c.that(abs(got - p) < 0.012, f"P(x < {limit}) = {got:.4f}, expected {p}")
    elif case == "geometric_":  # trials to the first success, p = 1/4: mean 4
        c.that(all(v >= 1 and v == int(v) for v in out), "a value is not an integer >= 1")
        c.mean_var(out, 4.0, 0.75 / 0.0625, var_tolerance=0.1)
        ones = sum(1 for v in out if v == 1) / n
        c.that(abs(ones - 0.25) < 0.012, f"P(x = 1) = {ones:.4f}, expected 0.25")
    elif case in ("bernoulli_p", "bernoulli_"):
        c.discrete(out, [0.0, 1.0], [0.7, 0.3])
    elif case == "bernoulli_probs":
        probabilities = inputs["in0"][1]
        columns = len(probabilities)
        expected = sum(probabilities) / columns
        c.discrete(out, [0.0, 1.0], [1 - expected, expected])
        # per column: the observed rate follows that column's probability
        rates = [sum(out[r * columns + j] for r in range(SHAPE[0])) / SHAPE[0] for j in range(columns)]
        error = max(abs(rates[j] - probabilities[j]) for j in range(columns))
        c.that(error < 0.2, f"a column's rate is {error:.3f} from its probability")
    elif case in ("dropout_train", "native_dropout"):
        x = inputs["in0"][1]
        columns = len(x)
        scale = 1 / 0.75
        zeros = 0
        for i, v in enumerate(out):
            kept = x[i % columns] * scale
            if v == 0 and kept != 0:
                zeros += 1
            elif abs(v - kept) > (0.02 if coarse else 1e-5) * max(1.0, abs(kept)):
                c.that(False, f"element {i} is {v}, neither 0 nor x / 0.75 = {kept}")
                break
        c.that(abs(zeros / n - 0.25) < 0.012, f"dropped {zeros / n:.4f}, expected 0.25")
        if case == "native_dropout":
            mask = outputs["out1"][1]
            c.that(all((m == 0) == (v == 0) for m, v in zip(mask, out)),
                   "the mask disagrees with the zeros of the output")
    elif case == "two_draws":
        a, b = out, outputs["out1"][1]
        for values in (a, b):
            c.within(values, 0.0, 1.0)
            c.mean_var(values, 0.5, 1 / 12, var_tolerance=0.03)
        same = sum(1 for x, y in zip(a, b) if x == y)
        c.that(same < 10, f"the two nodes drew {same} equal values")
        ma, mb = sum(a) / n, sum(b) / n
        cov = sum((x - ma) * (y - mb) for x, y in zip(a, b)) / n
        correlation = cov / (1 / 12)
        c.that(abs(correlation) < 6 / math.sqrt(n), f"correlation {correlation:.4f}")
    elif case == "philox_bits":
        pass  # checked against the reference in main (needs the seed)
    else:
        c.that(False, "no check written for this case")


def run(command):
    return subprocess.run(command, capture_output=True, text=True)


def compile_and_run(pt2c, runner, archive, io_npz, work, model, extra=()):
    """The outputs of `model` compiled with `extra` options, or an error string."""
    tag = "-".join(e.strip("-") for e in extra)
    library = os.path.join(work, f"{model}{'-' + tag if tag else ''}.so")
    compiled = run([pt2c, archive, "--model", model, "-o", library, *extra])
    if compiled.returncode != 0:
        return None, "compile: " + compiled.stderr.strip()[:600]
    sample = os.path.join(work, model + ".in.npz")
    write_case_npz(io_npz, model, sample)
    saved = library[:-3] + ".out.npz"
    result = run([runner, "run", library, "--inputs", sample, "--save-outputs", saved])
    if result.returncode != 0:
        return None, "run: " + (result.stdout + result.stderr).strip()[-600:]
    return (library, sample, read_npz(sample), read_npz(saved)), None


def check_bits(outputs, seed, c):
    bits = outputs["out0"][1]
    mismatches = [i for i in range(len(bits)) if bits[i] != reference_word0(i, seed)]
    c.that(not mismatches, f"--seed {seed}: {len(mismatches)} of {len(bits)} words differ from "
                           f"Philox4x32-10, first at element {mismatches[:1]}")


def main():
    pt2c, runner, corpus, work = sys.argv[1:5]
    only = sys.argv[5:]
    os.makedirs(work, exist_ok=True)
    # The reference itself against the paper's known answer (Random123's
    # kat_vectors: zero counter, zero key).
    if philox4x32_10((0, 0, 0, 0), (0, 0)) != (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8):
        print("FAIL: the reference Philox4x32-10 misses its known answer")
        return 1
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    models = sorted(key.split("/", 1)[1] for key in manifest["models"] if key.startswith("random/"))
    if only:
        models = [m for m in models if m in only or m.rsplit("-", 1)[0] in only]
    if not models:
        print("random: FAIL: no models")
        return 1
    archive = os.path.join(corpus, "random.pt2")
    io_npz = os.path.join(corpus, "random.io.npz")
    failed = 0
    for model in models:
        case, dtype = model.rsplit("-", 1)
        c = Checks(model)
        produced, error = compile_and_run(pt2c, runner, archive, io_npz, work, model)
        if error:
            c.that(False, error)
        else:
            library, sample, inputs, outputs = produced
            check_case(case, dtype, inputs, outputs, c)
            # The same library draws the same numbers on every run.
            again = run([runner, "run", library, "--inputs", sample, "--save-outputs",
                         library[:-3] + ".again.npz"])
            c.that(again.returncode == 0 and read_npz(library[:-3] + ".again.npz") == outputs,
                   "a second run drew other numbers")
            if case == "philox_bits":
                check_bits(outputs, 0, c)
                c.that(outputs["out0"][1][0] == 0x6627E8D5,
                       f"element 0 is {outputs['out0'][1][0]:#x}, the known answer 0x6627e8d5")
                seeded, error = compile_and_run(pt2c, runner, archive, io_npz, work, model,
                                                ("--seed", "12345"))
                c.that(not error, error or "")
                if seeded:
                    check_bits(seeded[3], 12345, c)
        for failure in c.failures:
            print(f"FAIL random/{model}: {failure}")
        failed += bool(c.failures)
    print(f"random: {len(models) - failed} pass, {failed} FAILED, of {len(models)} cases")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
