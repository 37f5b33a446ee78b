#!/usr/bin/env python3
"""Writes a deliberately broken copy of a real .pt2 archive, for bad-input tests.

usage: make_broken_archive.py CASE SOURCE.pt2 OUT.pt2

Each CASE changes one thing of SOURCE (a fixture written by torch.export.save)
so a test can check that pt2c names exactly that problem. Members are
rewritten STORED, as torch writes them.
"""
import io
import json
import sys
import zipfile


def read_members(path):
    with zipfile.ZipFile(path) as archive:
        return [(info.filename, archive.read(info.filename)) for info in archive.infolist()]


def write_members(path, members, compression=zipfile.ZIP_STORED):
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in members:
            archive.writestr(name, data)


def is_payload(name):
    # Raw tensor files (docs/pt2-format.md, "Entries pt2c reads"):
    # data/weights/weight_N and data/constants/tensor_N, under the root folder.
    folder, _, file = name.rpartition("/")
    return (folder.endswith("data/weights") and file.startswith("weight_")) or (
        folder.endswith("data/constants") and file.startswith("tensor_"))


def empty_payloads(members):
    # What saving FakeTensors gives: every payload file 0 bytes, the configs
    # and the graph unchanged.
    for index, (name, _) in enumerate(members):
        if is_payload(name):
            members[index] = (name, b"")


def find(members, suffix):
    for index, (name, _) in enumerate(members):
        if name.endswith(suffix):
            return index
    raise SystemExit(f"no member ending in {suffix}")


def edit_json(members, suffix, edit):
    index = find(members, suffix)
    name, data = members[index]
    document = json.loads(data)
    edit(document)
    members[index] = (name, json.dumps(document).encode())


def first_weight(document):
    # The first parameter's config entry (weights config).
    return next(iter(document["config"].values()))


def nodes(document):
    return document["graph_module"]["graph"]["nodes"]


def scalar_meta(dtype):
    # A 0-d tensor's tensor_values entry; dtype as the schema numbers it
    # (7 float32, 12 bool).
    return {"dtype": dtype, "sizes": [], "requires_grad": False,
            "device": {"type": "cpu", "index": None}, "strides": [],
            "storage_offset": {"as_int": 0}, "layout": 7}


def add_unused_rand(document):
    graph = document["graph_module"]["graph"]
    rand = {"target": "torch.ops.aten.rand.default",
            "inputs": [{"name": "size", "arg": {"as_ints": []}, "kind": 1},
                       {"name": "device", "arg": {"as_device": {"type": "cpu", "index": None}},
                        "kind": 2},
                       {"name": "pin_memory", "arg": {"as_bool": False}, "kind": 2}],
            "outputs": [{"as_tensor": {"name": "rand"}}],
            "metadata": {"stack_trace": "File \"model.py\", line 3, in forward"},
            "is_hop_single_tensor_return": None, "name": "rand"}
    drop = {"target": "torch.ops.aten.lt.Scalar",
            "inputs": [{"name": "self", "arg": {"as_tensor": {"name": "rand"}}, "kind": 1},
                       {"name": "other", "arg": {"as_float": 0.1}, "kind": 1}],
            "outputs": [{"as_tensor": {"name": "drop"}}],
            "metadata": {"stack_trace": "File \"model.py\", line 3, in forward"},
            "is_hop_single_tensor_return": None, "name": "drop"}
    graph["nodes"][:0] = [rand, drop]
    graph["tensor_values"]["rand"] = scalar_meta(7)
    graph["tensor_values"]["drop"] = scalar_meta(12)


CASES = {
    "missing-archive-format": lambda m: m.pop(find(m, "/archive_format")),
    "missing-model-json": lambda m: m.pop(find(m, "models/model.json")),
    "missing-weights-config": lambda m: m.pop(find(m, "model_weights_config.json")),
    "schema-major-9": lambda m: edit_json(
        m, "models/model.json", lambda d: d["schema_version"].update(major=9)),
    "unknown-variant": lambda m: edit_json(
        m, "models/model.json",
        lambda d: nodes(d)[0]["inputs"][0].update(arg={"as_foo": {"name": "x"}})),
    "undefined-tensor": lambda m: edit_json(
        m, "models/model.json",
        lambda d: nodes(d)[1]["inputs"][0].update(arg={"as_tensor": {"name": "never_defined"}})),
    "short-weight": lambda m: m.__setitem__(
        find(m, "data/weights/weight_0"), (m[find(m, "data/weights/weight_0")][0], b"\0" * 16)),
    "overflow-sizes": lambda m: edit_json(
        m, "model_weights_config.json",
        lambda d: first_weight(d)["tensor_meta"].update(
            sizes=[{"as_int": 2**62}, {"as_int": 2**62}])),
    # A custom op (torch.library) pt2c cannot know: node 2 of mlp is gelu.
    "custom-op": lambda m: edit_json(
        m, "models/model.json",
        lambda d: nodes(d)[2].update(target="torch.ops.mylib.custom_gelu.default")),
    # The first symbol's range made empty (mlp_dynamic's batch).
    "empty-range": lambda m: edit_json(
        m, "models/model.json",
        lambda d: next(iter(d["range_constraints"].values())).update(min_val=8, max_val=2)),
    # mlp's layer_norm told to normalize over 7 values instead of its 128.
    "layer-norm-shape": lambda m: edit_json(
        m, "models/model.json",
        lambda d: [a.update(arg={"as_ints": [7]})
                   for n in nodes(d) if "layer_norm" in n["target"]
                   for a in n["inputs"] if a["name"] == "normalized_shape"]),
    # mlp's gelu made an rsqrt whose declared result is int64 (dtype 5):
    # the input, converted to the result's dtype, is no float for prim.rsqrt
    # (issue #18 cause 1: it aborted in the prim's type inference).
    "rsqrt-int-result": lambda m: edit_json(
        m, "models/model.json",
        lambda d: [(n.update(target="torch.ops.aten.rsqrt.default"),
                    d["graph_module"]["graph"]["tensor_values"][
                        n["outputs"][0]["as_tensor"]["name"]].update(dtype=5))
                   for n in nodes(d) if "gelu" in n["target"]]),
    # Not broken: a layer-drop draw the model never uses in eval mode, as
    # torch.export keeps it (aten.rand and a comparison reading only it),
    # before mlp's first node. Nothing returned changes.
    "unused-rand": lambda m: edit_json(m, "models/model.json", add_unused_rand),
    # mlp's output (softmax) declared [4, -1] (found by pt2c-fuzz-compile:
    # the importer typed it with the -1, and the decomposed module did not
    # verify).
    "negative-size": lambda m: edit_json(
        m, "models/model.json",
        lambda d: d["graph_module"]["graph"]["tensor_values"]["softmax"]["sizes"][1].update(
            as_int=-1)),
    # mlp's output (softmax) declared [4, 4611686018427387903]: 4 * (2^62 - 1)
    # elements overflow int64 (found by pt2c-fuzz-compile in a mutated
    # reduction: the mean's element count overflowed, UBSan).
    "overflow-numel": lambda m: edit_json(
        m, "models/model.json",
        lambda d: d["graph_module"]["graph"]["tensor_values"]["softmax"]["sizes"][1].update(
            as_int=4611686018427387903)),
    # mlp's gelu output declared of dtype 0 (UNKNOWN), found by
    # pt2c-fuzz-compile in a mutated vit_tiny: the importer built a tensor
    # type of no element type (SIGSEGV).
    "unknown-dtype": lambda m: edit_json(
        m, "models/model.json",
        lambda d: d["graph_module"]["graph"]["tensor_values"]["gelu"].update(dtype=0)),
    # mlp's input x declared int64 (dtype 5): a float linear fed int64
    # (issue #18: silently accepted, then prim.matmul's type inference).
    "linear-int-input": lambda m: edit_json(
        m, "models/model.json",
        lambda d: d["graph_module"]["graph"]["tensor_values"]["x"].update(dtype=5)),
    # mlp's softmax given a list of dims where its schema takes one int.
    "softmax-dim-list": lambda m: edit_json(
        m, "models/model.json",
        lambda d: [a.update(arg={"as_ints": [-1, 0]})
                   for n in nodes(d) if "softmax" in n["target"]
                   for a in n["inputs"] if a["name"] == "dim"]),
    "graph-only": empty_payloads,
    "pickled-weights": lambda m: edit_json(
        m, "model_weights_config.json", lambda d: first_weight(d).update(use_pickle=True)),
}


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    case, source, out = sys.argv[1:]
    if case == "truncated":
        data = open(source, "rb").read()
        open(out, "wb").write(data[: len(data) // 2])
        return
    if case == "not-zip":
        open(out, "wb").write(b"this is not a zip archive\n" * 100)
        return
    if case == "empty":
        open(out, "wb").write(b"")
        return
    members = read_members(source)
    if case == "deflated":
        # The same archive re-zipped by an ordinary tool: every entry compressed.
        write_members(out, members, zipfile.ZIP_DEFLATED)
        return
    CASES[case](members)
    write_members(out, members)


if __name__ == "__main__":
    main()
