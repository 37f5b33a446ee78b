#!/usr/bin/env python3
"""Feeds the decompositions nodes whose metadata disagrees with itself and
reports every crash (issue #18: an inconsistent archive must be refused with
an error, never abort the compiler).

usage: mutate_decompositions.py PT2C_OPT [--seeds FILE.mlir ...]
           [--archive X.pt2 --pt2c PT2C ...] [--out DIR] [--jobs N]
           [--batch N] [--coverage docs/op-coverage.md]

Seeds are the aten.call nodes of ATen-form modules: the lit inputs of
test/lit/Conversion/ATenToPrim (the default) and what `pt2c X.pt2 --emit
aten` prints for each --archive (the fixtures and the op corpus). Each node
becomes a module of its own, one function whose arguments are the node's
operands, so a mutation only has to edit that one function's types. For
each node, variants change one thing:

- one operand or result tensor type: a dim dropped (lower rank, the
  SIGSEGV cause of the upsample/pool/scatter decompositions), a dim added,
  rank 0, another dtype (i64, i1, f16, f32), a dim of 0, 1, ? or another
  size;
- one integer, integer-list, float or bool argument: out of range,
  negative, empty, longer, shorter, flipped.

Variants are written into files of --batch modules separated by `// -----`
and run through `PT2C_OPT --split-input-file --pt2c-decompose-aten`; a
batch whose exit code is not 0 or 1 (a signal, 134 for SIGABRT, a timeout)
is split in halves, down to the culprits, each saved under --out with its
stderr. Prints the runs, the crashes grouped by the first line
that names why ("LLVM ERROR: ...", the first pt2c frame of the stack), and
exits 1 when any crash was found. Standard library only.
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile
import zipfile

CALL = re.compile(
    r'^\s*(?P<lhs>%[\w.$-]+(?::(?P<count>\d+))?\s*=\s*)?aten\.call\s+"(?P<target>[^"]+)"'
    r'\((?P<operands>[^)]*)\)\s*(?P<attrs>\{.*\})?\s*:\s*\((?P<ins>.*?)\)\s*->\s*(?P<outs>.*)$')
TENSOR = re.compile(r'^tensor<(?P<body>[^,>]*)>$')
DTYPES = ['f32', 'i64', 'i1', 'f16']


def split_top(text, sep=','):
    """`text` split at `sep` outside <>, (), [] and {}."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in '<([{':
            depth += 1
        elif ch in '>)]}':
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


def parse_call(line):
    """(target, [(name, type)], attrs, [result type]) of an aten.call line."""
    m = CALL.match(line.split(' loc(')[0].rstrip())
    if not m:
        return None
    names = [op.split(':')[0].strip() for op in split_top(m['operands'])]
    ins = split_top(m['ins'])
    outs = m['outs'].strip()
    outs = split_top(outs[1:-1]) if outs.startswith('(') else [outs]
    if len(names) != len(ins):
        return None
    attrs = m['attrs'][1:-1].strip() if m['attrs'] else ''
    return m['target'], list(zip(names, ins)), attrs, outs


def module(target, operands, attrs, outs):
    """One function holding only this node, its operands as arguments."""
    args = ', '.join(f'%a{i}: {t}' for i, (_, t) in enumerate(operands))
    uses = ', '.join(f'{n}: %a{i}' for i, (n, _) in enumerate(operands))
    attr = f' {{{attrs}}}' if attrs else ''
    ins = ', '.join(t for _, t in operands)
    if not outs or outs == ['()'] or outs == ['']:
        return (f'func.func @f({args}) {{\n  aten.call "{target}"({uses}){attr} : ({ins}) -> ()\n'
                f'  return\n}}\n')
    result = outs[0] if len(outs) == 1 else '(' + ', '.join(outs) + ')'
    lhs = '%r' if len(outs) == 1 else f'%r:{len(outs)}'
    rets = '%r' if len(outs) == 1 else ', '.join(f'%r#{i}' for i in range(len(outs)))
    return (f'func.func @f({args}) -> {result} {{\n'
            f'  {lhs} = aten.call "{target}"({uses}){attr} : ({ins}) -> {result}\n'
            f'  return {rets} : {", ".join(outs)}\n}}\n')


def tensor_variants(t):
    """(what, type) for each mutation of tensor type `t`."""
    m = TENSOR.match(t)
    if not m:
        return []
    parts = m['body'].split('x')
    dims, dtype = parts[:-1], parts[-1]
    out = []

    def make(ds, dt):
        return 'tensor<' + 'x'.join(list(ds) + [dt]) + '>'
    if dims:
        out.append(('drop first dim', make(dims[1:], dtype)))
        out.append(('drop last dim', make(dims[:-1], dtype)))
        out.append(('rank 0', make([], dtype)))
        out.append(('first dim 0', make(['0'] + dims[1:], dtype)))
        out.append(('last dim 0', make(dims[:-1] + ['0'], dtype)))
        out.append(('last dim 1', make(dims[:-1] + ['1'], dtype)))
        out.append(('last dim ?', make(dims[:-1] + ['?'], dtype)))
        out.append(('first dim ?', make(['?'] + dims[1:], dtype)))
        last = dims[-1]
        out.append(('last dim other', make(dims[:-1] + [str(int(last) * 2 + 1) if last.isdigit() else '5'], dtype)))
    out.append(('add leading dim', make(['2'] + dims, dtype)))
    out.append(('add trailing dim', make(dims + ['3'], dtype)))
    for dt in DTYPES:
        if dt != dtype:
            out.append((f'dtype {dt}', make(dims, dt)))
    return out


def attr_variants(attrs):
    """(what, attrs) for each mutation of one argument in `attrs`."""
    entries = split_top(attrs)
    out = []
    for i, entry in enumerate(entries):
        if '=' not in entry:
            continue
        name, value = (s.strip() for s in entry.split('=', 1))
        news = []
        if re.fullmatch(r'-?\d+( : i64)?', value):
            news = [f'{v} : i64' for v in (-1, 0, 99, -99, 1 << 40)]
        elif value.startswith('array<i64'):
            items = [s.strip() for s in value[len('array<i64'):-1].lstrip(':').split(',') if s.strip()]
            lists = [[], items[:-1], items + ['7'], ['-' + items[0].lstrip('-') if items else '-1'] + items[1:],
                     ['99'] + items[1:], ['0'] * max(len(items), 1)]
            news = ['array<i64' + (': ' + ', '.join(l) if l else '') + '>' for l in lists]
        elif value.endswith(': f64'):
            news = ['0.000000e+00 : f64', '-1.000000e+00 : f64', '0x7FF8000000000000 : f64']
        elif value in ('true', 'false'):
            news = ['false' if value == 'true' else 'true']
        elif value == '#aten.none':
            news = ['0 : i64', 'array<i64: 1>']
        for new in news:
            if new == value:
                continue
            edited = entries[:i] + [f'{name} = {new}'] + entries[i + 1:]
            out.append((f'{name} = {new}', ', '.join(edited)))
    return out


def variants(call):
    target, operands, attrs, outs = call
    for i, (name, t) in enumerate(operands):
        for what, new in tensor_variants(t):
            ops = list(operands)
            ops[i] = (name, new)
            yield f'{target} operand {name}: {what}', module(target, ops, attrs, outs)
    for j, t in enumerate(outs):
        for what, new in tensor_variants(t):
            rs = list(outs)
            rs[j] = new
            yield f'{target} result {j}: {what}', module(target, operands, attrs, rs)
    for what, new in attr_variants(attrs):
        yield f'{target} {what}', module(target, operands, new, outs)


def seed_calls(texts):
    """Distinct parsed calls of the ATen-form modules `texts`."""
    seen, calls = set(), []
    for text in texts:
        for line in text.splitlines():
            if line.lstrip().startswith('//') or 'aten.call' not in line:
                continue
            call = parse_call(line)
            if call is None:
                continue
            key = module(*call)
            if key not in seen:
                seen.add(key)
                calls.append(call)
    return calls


def models_of(archive):
    """The models of an archive worth a seed: [''] for one model; of the op
    corpus's (one per case and dtype, "add-f32"), the float32 ones, as the
    variants change dtypes anyway."""
    with zipfile.ZipFile(archive) as z:
        names = sorted({os.path.splitext(os.path.basename(n))[0] for n in z.namelist()
                        if '/models/' in '/' + n and n.endswith('.json')})
    if len(names) <= 1:
        return ['']
    return [n for n in names if not re.search(r'-(bf16|f16|f64|i32|i64|i8|u8|bool)$', n)]


def signature(stderr):
    """The line of a crash's stderr that best says where it happened."""
    for line in stderr.splitlines():
        if 'LLVM ERROR' in line or 'Assertion' in line or 'ERROR: AddressSanitizer' in line:
            return line.strip()[:200]
    for line in stderr.splitlines():
        if re.search(r'pt2c::|pt2c/|lib/Conversion', line) and 'PrettyStackTrace' not in line:
            return re.sub(r'^\s*#?\d+\s+0x[0-9a-f]+\s*', '', line.strip())[:200]
    return None  # no frame names where: grouped by the node's target instead


def run(opt, text, timeout):
    with tempfile.NamedTemporaryFile('w', suffix='.mlir', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run([opt, path, '--split-input-file', '--pt2c-decompose-aten'],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              errors='replace', timeout=timeout)
        return proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    finally:
        os.unlink(path)


def crashed(rc):
    return rc not in (0, 1)


def check_batch(opt, batch, timeout):
    """[(what, text, rc, stderr)] of the crashing modules of `batch`, found
    by halving the batches that crash (most hold one culprit or none)."""
    rc, err = run(opt, '\n// -----\n'.join(text for _, text in batch), timeout * len(batch))
    if not crashed(rc):
        return []
    if len(batch) == 1:
        return [(batch[0][0], batch[0][1], rc, err)]
    half = len(batch) // 2
    return check_batch(opt, batch[:half], timeout) + check_batch(opt, batch[half:], timeout)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('opt', help='pt2c-opt')
    parser.add_argument('--seeds', nargs='*',
                        default=sorted(glob.glob(os.path.join(
                            here, '..', 'test', 'lit', 'Conversion', 'ATenToPrim', '*.mlir'))))
    parser.add_argument('--archive', nargs='*', default=[], help='.pt2 files whose aten form adds seeds')
    parser.add_argument('--pt2c', help='pt2c, to print the aten form of each --archive (each model\'s)')
    parser.add_argument('--out', default='mutants-crashed')
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--batch', type=int, default=40)
    parser.add_argument('--timeout', type=float, default=20.0, help='seconds per module')
    parser.add_argument('--coverage', help='docs/op-coverage.md: list covered ops without a seed')
    parser.add_argument('--only', help='regex: mutate only the targets it matches')
    args = parser.parse_args()

    texts = [open(path).read() for path in args.seeds]
    for archive in args.archive:
        for model in models_of(archive):
            command = [args.pt2c, archive, '--emit', 'aten'] + (['--model', model] if model else [])
            proc = subprocess.run(command, capture_output=True, text=True)
            if proc.returncode != 0:
                print(f'{archive} {model}: pt2c --emit aten failed (rc {proc.returncode})',
                      file=sys.stderr)
            texts.append(proc.stdout)
    calls = seed_calls(texts)
    if args.only:
        calls = [c for c in calls if re.search(args.only, c[0])]
    targets = sorted({c[0] for c in calls})
    print(f'{len(calls)} seed nodes of {len(targets)} targets')
    if args.coverage:
        covered = re.findall(r'^\| `([^`]+)` \| covered', open(args.coverage).read(), re.M)
        missing = sorted(set(covered) - set(targets))
        print(f'{len(missing)} covered ops without a seed: {" ".join(missing)}')

    mutants = [m for call in calls for m in variants(call)]
    batches = [mutants[i:i + args.batch] for i in range(0, len(mutants), args.batch)]
    print(f'{len(mutants)} variants in {len(batches)} batches', flush=True)
    crashes = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for done, found in enumerate(pool.map(lambda b: check_batch(args.opt, b, args.timeout), batches)):
            crashes.extend(found)
            if (done + 1) % 50 == 0:
                print(f'  {done + 1}/{len(batches)} batches, {len(crashes)} crashes', flush=True)

    groups = collections.defaultdict(list)
    if crashes:
        os.makedirs(args.out, exist_ok=True)
    for n, (what, text, rc, err) in enumerate(crashes):
        path = os.path.join(args.out, f'crash-{n:04d}.mlir')
        with open(path, 'w') as f:
            f.write(f'// {what}\n// rc {rc}\n' + text)
        with open(path + '.stderr', 'w') as f:
            f.write(err)
        groups[signature(err) or what.split()[0] + ' (no symbolized frame)'].append((what, rc, path))
    print(f'{len(mutants)} variants run, {len(crashes)} crashed, {len(groups)} distinct causes')
    for sig, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f'\n[{len(items)}] {sig}')
        for what, rc, path in items[:5]:
            print(f'    rc {rc}: {what}  ({path})')
    return 1 if crashes else 0


if __name__ == '__main__':
    sys.exit(main())
