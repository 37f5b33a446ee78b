//===- ATenBase.td - The aten dialect: torch.export graphs as imported ----===//
//
// The aten form is the first IR of pt2c: one generic op per ATen call, exactly
// as the archive states it, before any decomposition (docs/design.md,
// "Architecture"; docs/aten-form.md).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ATEN_BASE
#define PT2C_ATEN_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def ATen_Dialect : Dialect {
  let name = "aten";
  let cppNamespace = "::pt2c::aten";
  let summary = "ATen operator calls as serialized by torch.export";
  let description = [{
    Holds a torch.export graph one ATen call per op, before decomposition.
    Rather than one op per ATen overload (~2000), there is a single generic
    `aten.call` whose `target` is the overload's serialized name; the op
    registry (lib/OpRegistry) knows each target's schema.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class ATen_Op<string mnemonic, list<Trait> traits = []>
    : Op<ATen_Dialect, mnemonic, traits>;

def ATen_NoneAttr : AttrDef<ATen_Dialect, "None"> {
  let mnemonic = "none";
  let summary = "Python None, for a non-tensor argument";
  let description = [{
    The value of an optional argument that is None (`dtype = #aten.none`),
    whether the archive wrote it or the schema default says so, so that every
    schema argument of an `aten.call` is present.
  }];
}

def ATen_NoneType : TypeDef<ATen_Dialect, "None"> {
  let mnemonic = "none";
  let summary = "The type of a None element in a Tensor?[] list";
}

#endif // PT2C_ATEN_BASE
