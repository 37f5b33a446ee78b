// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK: %[[E:.+]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} outs(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.addf
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = prim.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// atan2(y, x) is math.atan2 with y first.
// CHECK-LABEL: func.func @atan2
// CHECK: linalg.generic
// CHECK: ^bb0(%[[Y:.+]]: f32, %[[X:.+]]: f32, %{{.+}}: f32):
// CHECK: math.atan2 %[[Y]], %[[X]] : f32
func.func @atan2(%y: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = prim.atan2 %y, %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// log1p(x) = log(u) * (x / (u - 1)), u = 1 + x: exact for tiny x, where
// log(1 + x) would give 0 or a wrong digit; x where u == 1, inf where u is.
// CHECK-LABEL: func.func @log1p
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[INF:.+]] = arith.constant 0x7F800000 : f32
// CHECK: ^bb0(%[[X:.+]]: f32, %{{.+}}: f32):
// CHECK: %[[U:.+]] = arith.addf %[[X]], %[[ONE]] : f32
// CHECK: %[[D:.+]] = arith.subf %[[U]], %[[ONE]] : f32
// CHECK: %[[L:.+]] = math.log %[[U]] : f32
// CHECK: %[[Q:.+]] = arith.divf %[[X]], %[[D]] : f32
// CHECK: %[[R:.+]] = arith.mulf %[[L]], %[[Q]] : f32
// CHECK: %[[IS1:.+]] = arith.cmpf oeq, %[[U]], %[[ONE]] : f32
// CHECK: %[[ISINF:.+]] = arith.cmpf oeq, %[[U]], %[[INF]] : f32
// CHECK: %[[R2:.+]] = arith.select %[[ISINF]], %[[U]], %[[R]] : f32
// CHECK: %[[Y:.+]] = arith.select %[[IS1]], %[[X]], %[[R2]] : f32
// CHECK: linalg.yield %[[Y]] : f32
func.func @log1p(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = prim.log1p %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A dim of size 1 being expanded reads index 0.
// CHECK-DAG: #[[$EXPAND:.+]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @broadcast_expand
// CHECK: linalg.generic {indexing_maps = [#[[$EXPAND]], #{{.+}}]
func.func @broadcast_expand(%x: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %0 = prim.broadcast_in_dim %x, dims = [0, 1] : tensor<4x1xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// matmul loops (m, k, n): the reduction outside the contiguous n loop, so the
// innermost loop vectorizes without reassociating the sum.
// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<4x64xf32>, tensor<64x32xf32>) outs(%[[INIT]] : tensor<4x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: tensor<4x64xf32>, %b: tensor<64x32xf32>) -> tensor<4x32xf32> {
  %0 = prim.matmul %a, %b : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// A matmul by a transpose with few rows (linear's x W^T at batch 1) reads
// W in place: loops (m, n, k), dot products marked reassociable so they
// vectorize, instead of transposing all of W on every run.
// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_by_transpose
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.+}}, %{{.+}} : tensor<2x64xf32>, tensor<32x64xf32>)
// CHECK: arith.mulf %{{.+}}, %{{.+}} fastmath<reassoc,contract>
// CHECK: arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract>
func.func @matmul_by_transpose(%a: tensor<2x64xf32>, %w: tensor<32x64xf32>) -> tensor<2x32xf32> {
  %t = prim.transpose %w, permutation = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %0 = prim.matmul %a, %t : (tensor<2x64xf32>, tensor<64x32xf32>) -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}

// -----

// A float sum may be reassociated, so LLVM vectorizes it.
// CHECK-LABEL: func.func @reduce_sum
// CHECK: linalg.reduce ins(%{{.+}} : tensor<4x64xf32>) {{.*}} dimensions = [1]
// CHECK: arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f32
func.func @reduce_sum(%x: tensor<4x64xf32>) -> tensor<4xf32> {
  %0 = prim.reduce sum %x, dims = [1] : tensor<4x64xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// max reduces from -inf with the NaN-propagating maximum.
// CHECK-LABEL: func.func @reduce_max
// CHECK: %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEG_INF]] : f32)
// CHECK: linalg.reduce ins(%{{.+}} : tensor<?x8xf32>) {{.*}} dimensions = [1]
// CHECK: arith.maximumf
func.func @reduce_max(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %0 = prim.reduce max %x, dims = [1] : tensor<?x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<8x4xf32>) permutation = [1, 0]
func.func @transpose(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = prim.transpose %x, permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Padding is explicit; the windows are copied once (im2col, 7-d: n, g, c,
// kh, kw, oh, ow), then a contraction over (n, g, f, r, p) with the output
// positions p innermost, reshaped back to NCHW.
// CHECK-DAG: #[[$READ:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 3 + d2, d5 * 2 + d3, d6 * 2 + d4)>
// CHECK-DAG: #[[$W:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d3)>
// CHECK-DAG: #[[$COL:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-LABEL: func.func @convolution
// CHECK: tensor.pad %{{.+}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[$READ]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: outs(%{{.+}} : tensor<2x1x3x3x3x16x16xf32>)
// CHECK: tensor.collapse_shape %{{.+}} {{\[}}[0], [1], [2, 3, 4], [5, 6]] : tensor<2x1x3x3x3x16x16xf32> into tensor<2x1x27x256xf32>
// CHECK: tensor.collapse_shape %{{.+}} : tensor<1x8x3x3x3xf32> into tensor<1x8x27xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$W]], #[[$COL]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
// CHECK-SAME: outs(%{{.+}} : tensor<2x1x8x256xf32>)
// CHECK: tensor.expand_shape %{{.+}} output_shape [2, 8, 16, 16] : tensor<2x8x256xf32> into tensor<2x8x16x16xf32>
func.func @convolution(%x: tensor<2x3x32x32xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x16x16xf32> {
  %0 = prim.convolution %x, %w, strides = [2, 2], padding = [[1, 1], [1, 1]] : (tensor<2x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x16x16xf32>
  return %0 : tensor<2x8x16x16xf32>
}

// -----

// A grouped 1x1 convolution with stride 1 reads its input in place: no
// window copy, only reshapes into [N, G, C/G, H*W].
// CHECK-LABEL: func.func @pointwise_grouped
// CHECK-NOT: tensor.pad
// CHECK: tensor.expand_shape %{{.+}} : tensor<1x4x8x8xf32> into tensor<1x2x2x8x8xf32>
// CHECK: tensor.collapse_shape %{{.+}} : tensor<1x2x2x8x8xf32> into tensor<1x2x2x64xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<2x3x2xf32>, tensor<1x2x2x64xf32>) outs(%{{.+}} : tensor<1x2x3x64xf32>)
func.func @pointwise_grouped(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x1x1xf32>) -> tensor<1x6x8x8xf32> {
  %0 = prim.convolution %x, %w, feature_group_count = 2 : (tensor<1x4x8x8xf32>, tensor<6x2x1x1xf32>) -> tensor<1x6x8x8xf32>
  return %0 : tensor<1x6x8x8xf32>
}

// -----

// max pooling: windows padded with -inf, reduced over r with p innermost.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[NEG:.+]] = arith.constant 0xFF800000 : f32
// CHECK: tensor.pad %{{.+}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEG]]
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x4x1x3x3x4x4xf32>)
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%{{.+}} : tensor<1x4x9x16xf32>) outs(%{{.+}} : tensor<1x4x1x16xf32>)
// CHECK: arith.maximumf
func.func @max_pool(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %0 = prim.reduce_window max %x, window = [1, 1, 3, 3], strides = [1, 1, 2, 2], padding = [[0, 0], [0, 0], [1, 1], [1, 1]] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Integer windows and convolutions (torch's integer kernels): max pads with
// the type's least value and compares signed; the convolution multiplies
// and adds in the integer type (wrapping, as torch's int64 kernels do).
// CHECK-LABEL: func.func @integer_windows
// CHECK: %[[LEAST:.+]] = arith.constant -9223372036854775808 : i64
// CHECK: tensor.yield %[[LEAST]]
// CHECK: arith.maxsi
// CHECK: arith.muli
// CHECK: arith.addi
func.func @integer_windows(%x: tensor<1x4x8x8xi64>, %w: tensor<2x4x3x3xi64>) -> (tensor<1x4x4x4xi64>, tensor<1x2x6x6xi64>) {
  %0 = prim.reduce_window max %x, window = [1, 1, 3, 3], strides = [1, 1, 2, 2], padding = [[0, 0], [0, 0], [1, 1], [1, 1]] : tensor<1x4x8x8xi64> -> tensor<1x4x4x4xi64>
  %1 = prim.convolution %x, %w : (tensor<1x4x8x8xi64>, tensor<2x4x3x3xi64>) -> tensor<1x2x6x6xi64>
  return %0, %1 : tensor<1x4x4x4xi64>, tensor<1x2x6x6xi64>
}

// -----

// gather rows: a generic over the result reading the table with
// tensor.extract at the index clamped into [0, 10) (0 when outside, so no
// read leaves the table), after the run-time check: the ids' smallest and
// largest value, and if either is outside [0, 10) a call of the runtime's
// report with them, the size and a C string naming the input and the node.
// The clamp's compare names the check's site (pt2c.index_site), for the
// CUDA pipeline to fold the check into the kernel that reads the index.
// CHECK: llvm.mlir.global private constant @[[$SITE:pt2c_index_site[_0-9]*]]("input 'input_ids' at embedding @ model.py:12\00")
// CHECK: func.func private @pt2crt_index_out_of_range(i64, i64, i64, !llvm.ptr)
// CHECK-LABEL: func.func @take
// CHECK-SAME: (%[[W:.+]]: tensor<10x4xf32>, %[[IDS:.+]]: tensor<3xi64> {pt2c.input = "input_ids"})
// CHECK-DAG: %[[NAME:.+]] = llvm.mlir.addressof @[[$SITE]]
// CHECK-DAG: %[[TEN:.+]] = arith.constant 10 : i64
// CHECK-DAG: %[[TENX:.+]] = arith.constant 10 : index
// CHECK: %[[RANGE:.+]]:2 = linalg.generic {{.+}} iterator_types = ["reduction"]} ins(%[[IDS]] : tensor<3xi64>)
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: %[[LO:.+]] = tensor.extract %[[RANGE]]#0[]
// CHECK: %[[HI:.+]] = tensor.extract %[[RANGE]]#1[]
// CHECK: %[[BELOW:.+]] = arith.cmpi slt, %[[LO]]
// CHECK: %[[ABOVE:.+]] = arith.cmpi sge, %[[HI]], %[[TEN]]
// CHECK: %[[BAD:.+]] = arith.ori %[[BELOW]], %[[ABOVE]]
// CHECK: scf.if %[[BAD]] {
// CHECK-NEXT: func.call @pt2crt_index_out_of_range(%[[LO]], %[[HI]], %[[TEN]], %[[NAME]])
// CHECK-NEXT: } {pt2c.index_check}
// CHECK: linalg.generic
// CHECK: %[[ID:.+]] = arith.index_cast
// CHECK: %[[INSIDE:.+]] = arith.cmpi ult, %[[ID]], %[[TENX]] {pt2c.index_site = @[[$SITE]]} : index
// CHECK: %[[ROW:.+]] = arith.select %[[INSIDE]], %[[ID]], %{{.+}} : index
// CHECK: tensor.extract %[[W]][%[[ROW]], %{{.+}}] : tensor<10x4xf32>
func.func @take(%w: tensor<10x4xf32>, %ids: tensor<3xi64> {pt2c.input = "input_ids"}) -> tensor<3x4xf32> {
  %0 = prim.take %w, %ids, dim = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32> loc(#embedding)
  return %0 : tensor<3x4xf32>
}
#embedding = loc("embedding"("model.py":12:0))

// -----

// torch.gather of computed indices: clamped and checked the same way, the
// site naming them as computed.
// CHECK: llvm.mlir.global private constant @{{.+}}("computed indices\00")
// CHECK-LABEL: func.func @take_along
// CHECK: scf.if
// CHECK: func.call @pt2crt_index_out_of_range
// CHECK: {pt2c.index_check}
// CHECK: arith.cmpi ult, {{.+}} {pt2c.index_site = @pt2c_index_site}
// CHECK: arith.select
// CHECK: tensor.extract
func.func @take_along(%x: tensor<4x8xf32>, %i: tensor<4x3xi64>) -> tensor<4x3xf32> {
  %0 = prim.take_along %x, %i, dim = 1 : (tensor<4x8xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A gather (and a scatter) whose decomposition built its indices in range
// (pt2c.indices_in_range: a radix sort's order and places) gets no run-time
// check; the read is still clamped, the scattered position still guarded.
// CHECK-LABEL: func.func @indices_in_range
// CHECK-NOT: scf.if
// CHECK-NOT: pt2crt_index_out_of_range
// CHECK: arith.cmpi ult
// CHECK-NOT: pt2c.index_site
// CHECK: arith.select
// CHECK: tensor.extract
// CHECK: linalg.generic
// CHECK-NOT: scf.if
// CHECK-NOT: pt2crt_index_out_of_range
// CHECK: return
func.func @indices_in_range(%x: tensor<4x8xf32>, %i: tensor<4x8xi64>, %order: tensor<4x8xi64>) -> (tensor<4x8xf32>, tensor<4x8xi64>) {
  %0 = prim.take_along %x, %i, dim = 1 {pt2c.indices_in_range} : (tensor<4x8xf32>, tensor<4x8xi64>) -> tensor<4x8xf32>
  %1 = prim.scatter assign %order, %i, %order, dim = 1 {pt2c.indices_in_range} : (tensor<4x8xi64>, tensor<4x8xi64>, tensor<4x8xi64>) -> tensor<4x8xi64>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xi64>
}

// -----

// Constant padding is a tensor.pad yielding the padding value.
// CHECK-LABEL: func.func @pad
// CHECK: %[[V:.+]] = arith.constant 5.000000e-01 : f32
// CHECK: tensor.pad %arg0 low[0, 1] high[2, 0]
// CHECK:   tensor.yield %[[V]] : f32
// CHECK: } : tensor<?x4xf32> to tensor<?x5xf32>
func.func @pad(%x: tensor<?x4xf32>) -> tensor<?x5xf32> {
  %0 = prim.pad %x, low = [0, 1], high = [2, 0], value = 5.000000e-01 : f32 : tensor<?x4xf32> -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// Interior padding (col2im's strided patches): the operand inserted with
// stride interior + 1 at the low offset into a filled tensor.
// CHECK-LABEL: func.func @pad_interior
// CHECK: %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<2x7xf32>)
// CHECK: tensor.insert_slice %arg0 into %[[F]][0, 1] [2, 3] [1, 2] : tensor<2x3xf32> into tensor<2x7xf32>
func.func @pad_interior(%x: tensor<2x3xf32>) -> tensor<2x7xf32> {
  %0 = prim.pad %x, low = [0, 1], high = [0, 1], interior = [0, 1], value = 0.000000e+00 : f32 : tensor<2x3xf32> -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// Indices converted from floats (grid_sampler's and resizes' taps, which
// their decompositions keep in range) are clamped but not checked: a
// check would only split the fused loops that compute them.
// CHECK-LABEL: func.func @take_float_taps
// CHECK-NOT: pt2c.index_check
// CHECK-NOT: pt2c.index_site
// CHECK: arith.cmpi ult
// CHECK-NOT: pt2c.index_site
// CHECK: arith.select
// CHECK: tensor.extract
func.func @take_float_taps(%w: tensor<10x4xf32>, %pos: tensor<3xf32>) -> tensor<3x4xf32> {
  %ids = prim.convert %pos : tensor<3xf32> -> tensor<3xi64>
  %0 = prim.take %w, %ids, dim = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// f64 -> f16/bf16 rounds to f32 first, as torch's Half(float) and
// BFloat16(float) do (copy_ of a float64 tensor into a half one); a direct
// truncf from f64 needs __truncdfhf2, which the runtime lacks.
// CHECK-LABEL: func.func @convert_f64_to_half
// CHECK: %[[F:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK: arith.truncf %[[F]] : f32 to f16
// CHECK: %[[G:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK: arith.truncf %[[G]] : f32 to bf16
// CHECK-NOT: f64 to f16
// CHECK-NOT: f64 to bf16
func.func @convert_f64_to_half(%x: tensor<4xf64>) -> (tensor<4xf16>, tensor<4xbf16>) {
  %0 = prim.convert %x : tensor<4xf64> -> tensor<4xf16>
  %1 = prim.convert %x : tensor<4xf64> -> tensor<4xbf16>
  return %0, %1 : tensor<4xf16>, tensor<4xbf16>
}

// -----

// A bit copy, not a value conversion (a radix sort's float keys).
// CHECK-LABEL: func.func @bitcast_convert
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.+}} : f32 to i32
// CHECK-NOT: arith.fptosi
func.func @bitcast_convert(%x: tensor<4xf32>) -> tensor<4xi32> {
  %0 = prim.bitcast_convert %x : tensor<4xf32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Constant indices (a pooling window's or an upsampling's table of source
// positions): their range is known when compiling. Inside [0, 10): no
// check at all; 10 in the table: the check compares the known range on the
// host, with no reduction over the table (on the GPU the table would be
// host memory for the device to read); either way the clamps name no site,
// as there is nothing for a kernel to check.
// CHECK-LABEL: func.func @take_constant_table
// CHECK-NOT: pt2c.index_check
// CHECK: tensor.extract
// CHECK-LABEL: func.func @take_constant_table_outside
// CHECK-DAG: %[[LO:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[HI:.+]] = arith.constant 10 : i64
// CHECK-NOT: iterator_types = ["reduction"]
// CHECK: scf.if
// CHECK-NEXT: func.call @pt2crt_index_out_of_range(%[[LO]], %[[HI]],
// CHECK-NEXT: } {pt2c.index_check}
// CHECK-NOT: pt2c.index_site
func.func @take_constant_table(%w: tensor<10x4xf32>) -> tensor<3x4xf32> {
  %ids = arith.constant dense<[0, 9, 3]> : tensor<3xi64>
  %0 = prim.take %w, %ids, dim = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @take_constant_table_outside(%w: tensor<10x4xf32>) -> tensor<2x4xf32> {
  %ids = arith.constant dense<[0, 10]> : tensor<2xi64>
  %0 = prim.take %w, %ids, dim = 0 : (tensor<10x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Integer pow: square-and-multiply over the exponent's bits (7 for i8, the
// sign bit left to the negative-exponent rule), no math.ipowi (which has no
// lowering to LLVM or NVVM). A negative exponent gives 1 for base 1, +-1 for
// base -1 and 0 otherwise, as torch's integral pow does.
// CHECK-LABEL: func.func @integer_pow
// CHECK-NOT: math.ipowi
// CHECK: %[[BIT0:.+]] = arith.andi %[[E:.+]], %[[ONE:.+]] : i8
// CHECK: arith.select %{{.+}}, %[[B:.+]], %[[ONE]] : i8
// CHECK: %[[SQ:.+]] = arith.muli %[[B]], %[[B]] : i8
// CHECK-COUNT-6: arith.shrui %[[E]]
// CHECK: %[[NEG:.+]] = arith.cmpi slt, %[[E]], %{{.+}} : i8
// CHECK: arith.select %[[NEG]]
// CHECK-NOT: math.ipowi
func.func @integer_pow(%x: tensor<4xi8>, %y: tensor<4xi8>) -> tensor<4xi8> {
  %0 = prim.pow %x, %y : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// bfloat16 <-> float16: the same width, no direct cast: through f32, which
// holds either exactly.
// CHECK-LABEL: func.func @bf16_to_f16
// CHECK: %[[W:.+]] = arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.truncf %[[W]] : f32 to f16
func.func @bf16_to_f16(%x: tensor<4xbf16>) -> tensor<4xf16> {
  %0 = prim.convert %x : tensor<4xbf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
