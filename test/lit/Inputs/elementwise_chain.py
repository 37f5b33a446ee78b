"""Prints a func of N elementwise linalg.generics in a chain, each body
adding 1.0 to its input OPS times: input to pt2c-fuse-elementwise's bound
on a fused body (test/lit/Codegen/pt2c-fuse-elementwise-bound.mlir)."""
import sys

chain, ops = int(sys.argv[1]), int(sys.argv[2])
print("#id = affine_map<(d0) -> (d0)>")
print("func.func @chain(%x: tensor<64xf32>) -> tensor<64xf32> {")
print("  %one = arith.constant 1.0 : f32")
print("  %e = tensor.empty() : tensor<64xf32>")
previous = "%x"
for link in range(chain):
    print(f"  %g{link} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}}"
          f" ins({previous} : tensor<64xf32>) outs(%e : tensor<64xf32>) {{")
    print("  ^bb0(%a: f32, %o: f32):")
    value = "%a"
    for op in range(ops):
        print(f"    %v{op} = arith.addf {value}, %one : f32")
        value = f"%v{op}"
    print(f"    linalg.yield {value} : f32")
    print("  } -> tensor<64xf32>")
    previous = f"%g{link}"
print(f"  return {previous} : tensor<64xf32>")
print("}")
