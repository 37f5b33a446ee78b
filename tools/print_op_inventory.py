#!/usr/bin/env python3
"""Prints every aten:: overload of the installed torch with its tags and
whether it is CompositeImplicitAutograd, one per line, tab-separated:

    aten.NAME.OVERLOAD <TAB> TAGS (comma-separated, "-" when none) <TAB> KIND <TAB> SCHEMA

KIND is "composite" for a CompositeImplicitAutograd overload, "kernel" for
another dispatcher op, "jit" for a TorchScript builtin the dispatcher does
not know (such as aten::has_torch_function: never in an exported program).

Run where torch is installed (the GPU machine):

    python3 tools/print_op_inventory.py > docs/aten-overloads.tsv

pt2c-op-table reads the file to write docs/op-coverage.md's inventory (every
overload with its status); the file is committed so that the inventory is
made from facts torch printed, not from a list we chose.
"""
import sys

import torch


def main():
    print("# aten overloads of torch %s: target, tags, kind, schema" %
          torch.__version__)
    rows = []
    for schema in torch._C._jit_get_all_schemas():
        if not schema.name.startswith("aten::"):
            continue
        name = schema.name.split("::", 1)[1]
        overload = schema.overload_name or "default"
        tags = "-"
        try:
            op = getattr(getattr(torch.ops.aten, name), overload)
            tags = ",".join(sorted(t.name for t in op.tags)) or "-"
        except (AttributeError, RuntimeError):
            pass
        qualified = schema.name + ("." + schema.overload_name if schema.overload_name else "")
        try:
            kind = ("composite" if torch._C._dispatch_has_kernel_for_dispatch_key(
                qualified, "CompositeImplicitAutograd") else "kernel")
        except RuntimeError:
            kind = "jit"
        rows.append(("aten.%s.%s" % (name, overload), tags, kind, str(schema)))
    for row in sorted(set(rows)):
        print("%s\t%s\t%s\t%s" % row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
