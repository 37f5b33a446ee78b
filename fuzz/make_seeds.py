#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the fixtures in test/data.

usage: make_seeds.py OUT_DIR      (then OUT_DIR/archive, /compile, /inputs)

- archive: the small archives as they are, and every fixture and a few
  float32 models of each op-corpus archive (split out: the targets open an
  archive's only model) made graph-only (each weight payload emptied, as
  `--weights external` accepts), which keeps the seeds small while the
  zip, the JSON and the configs stay what torch wrote;
- compile: the graph-only archives (the JSON is what the structure-aware
  mutator edits; the payloads would only slow each run);
- inputs: .npz requests for the runtime's test-double model (x float32[s0,
  4], shift int64[s0], s0 in [1, 64]) behind a first byte of 0 (no
  spoiling, fuzz/InputsFuzzer.cpp): valid ones at s0 = 1, 3 and 64, and
  near misses (s0 = 65, a float64 x, a 3-d x, a missing array).

Nothing is committed: `make fuzz` runs this into its build folder. Standard
library only.
"""
import glob
import os
import struct
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', 'test', 'data')


MODELS_PER_CORPUS_ARCHIVE = 4


def models_of(zin):
    return sorted(os.path.splitext(os.path.basename(n))[0] for n in zin.namelist()
                  if '/models/' in n and n.endswith('.json'))


def owner(name, models):
    """The model an entry belongs to (its JSON, configs, sample inputs), or
    None for the entries every model shares."""
    base = os.path.basename(name)
    for model in models:
        if base in (model + '.json', model + '.pt') or base.startswith(model + '_'):
            return model
    return None


def graph_only(src, dst, model=None):
    """`src` with every entry under data/weights or data/constants that is
    not a config emptied; with `model`, only that model's entries kept (the
    fuzz targets open an archive's only model, as pt2c does without
    --model)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, 'w', zipfile.ZIP_STORED) as zout:
        models = models_of(zin)
        for info in zin.infolist():
            name = info.filename
            if model is not None and owner(name, models) not in (None, model):
                continue
            payload = ('/data/weights/' in name or '/data/constants/' in name) and \
                not name.endswith('.json')
            zout.writestr(info.filename, b'' if payload else zin.read(info))


def seeds_of(path):
    """(stem, model) for each seed of an archive: itself when it holds one
    model; else a few of its float32 models, spread over the op corpus's
    (one archive per op family, one model per case and dtype)."""
    stem = os.path.basename(os.path.dirname(path)) + '-' + os.path.basename(path)[:-4]
    with zipfile.ZipFile(path) as z:
        models = models_of(z)
    if len(models) <= 1:
        return [(stem, None)]
    f32 = [m for m in models if m.endswith('-f32')] or models
    step = max(1, len(f32) // MODELS_PER_CORPUS_ARCHIVE)
    return [(stem + '-' + m, m) for m in f32[::step][:MODELS_PER_CORPUS_ARCHIVE]]


def npy(descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ''.join('%d, ' % s for s in shape) if len(shape) != 1 else '%d,' % shape[0])
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + ' ' * pad + '\n'
    return b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode() + data


def npz(path, arrays, spoil=0):
    tmp = path + '.zip'
    with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_STORED) as z:
        for name, blob in arrays:
            z.writestr(name + '.npy', blob)
    with open(tmp, 'rb') as f:
        body = f.read()
    os.unlink(tmp)
    with open(path, 'wb') as f:
        f.write(bytes([spoil]) + body)


def request(rows, x_descr='<f4', x_shape=None, with_shift=True):
    x_shape = x_shape or (rows, 4)
    count = 1
    for s in x_shape:
        count *= s
    width = 8 if x_descr == '<f8' else 4
    x = npy(x_descr, x_shape, bytes(width * count))
    arrays = [('x', x)]
    if with_shift:
        arrays.append(('shift', npy('<i8', (rows,), struct.pack('<%dq' % rows, *range(rows)))))
    return arrays


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else 'seeds'
    for sub in ('archive', 'compile', 'inputs'):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    archives = sorted(glob.glob(os.path.join(DATA, '*.pt2')) +
                      glob.glob(os.path.join(DATA, 'corpus', '*.pt2')))
    count = 0
    for path in archives:
        for stem, model in seeds_of(path):
            graph = os.path.join(out, 'compile', stem + '.pt2')
            graph_only(path, graph, model)
            count += 1
            with open(graph, 'rb') as f:
                data = f.read()
            with open(os.path.join(out, 'archive', stem + '.pt2'), 'wb') as f:
                f.write(data)
        if os.path.getsize(path) < 300_000:
            stem = os.path.basename(path)
            with open(os.path.join(out, 'archive', 'full-' + stem), 'wb') as f, open(path, 'rb') as g:
                f.write(g.read())
    inputs = os.path.join(out, 'inputs')
    for rows in (1, 3, 64):
        npz(os.path.join(inputs, 'valid-%d.npz' % rows), request(rows))
    npz(os.path.join(inputs, 'rows-65.npz'), request(65))
    npz(os.path.join(inputs, 'x-float64.npz'), request(3, x_descr='<f8'))
    npz(os.path.join(inputs, 'x-3d.npz'), request(3, x_shape=(3, 4, 1)))
    npz(os.path.join(inputs, 'no-shift.npz'), request(3, with_shift=False))
    print('seeds in %s: %d single-model archives from %d, %d requests' % (
        out, count, len(archives), len(os.listdir(inputs))))


if __name__ == '__main__':
    main()
