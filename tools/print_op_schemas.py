#!/usr/bin/env python3
"""Prints the schema of every aten:: and prims:: overload known to the installed torch, one per line.

Run where torch is installed (the GPU machine); the op registry's lines in
lib/OpRegistry/ATenSchemas.def are copied from this output, so they are facts, not guesses.
Usage: python3 tools/print_op_schemas.py > aten_schemas.txt
"""
import torch

for schema in sorted(torch._C._jit_get_all_schemas(), key=lambda s: (s.name, s.overload_name)):
    if schema.name.startswith(("aten::", "prims::")):
        print(schema)
# Higher-order ops have no schema; list the ones torch knows so the importer can special-case them.
import torch._higher_order_ops  # noqa: F401
print("# core-tagged overloads:")
for name in torch._C._dispatch_get_all_op_names() if hasattr(torch._C, "_dispatch_get_all_op_names") else []:
    pass
for s in torch._C._jit_get_all_schemas():
    if not s.name.startswith("aten::"):
        continue
    op = s.name.split("::")[1]
    ov = s.overload_name or "default"
    try:
        packet = getattr(torch.ops.aten, op)
        o = getattr(packet, ov)
        if torch.Tag.core in o.tags:
            print("# core", f"aten.{op}.{ov}")
    except Exception:
        pass
