/* One 2-D convolution timed with oneDNN on one thread: the reference that
 * pt2c's CPU convolutions are measured against on the build machine
 * (issue #16 item 2; bench/cpu_matmul_reference.py runs it).
 *
 *   pt2c-bench-onednn-conv CIN COUT KERNEL STRIDE PAD SIZE RUNS
 *
 * Batch 1, square input and kernel, no bias, float32. Prints two medians in
 * milliseconds, one line each:
 *   plain   NCHW activations in and out, as pt2c's library takes and returns
 *           them (oneDNN picks the weights' layout; that reorder happens once,
 *           outside the timing, as pt2c packs its weights once);
 *   blocked the activations in the layout oneDNN prefers (nChw16c and the
 *           like), reorders excluded: the fastest oneDNN can do, the stricter
 *           reference.
 * It runs on one thread (onednn_timing.h says how). */
#include "onednn_timing.h"

const char *const program_name = "pt2c-bench-onednn-conv";

/* Median milliseconds of `runs` executions of a convolution whose
 * activations use `activation_tag` (dnnl_format_tag_any: oneDNN's choice). */
static double time_convolution(dnnl_engine_t engine, dnnl_stream_t stream,
                               const long sizes[6],
                               dnnl_format_tag_t activation_tag, int runs) {
  long cin = sizes[0], cout = sizes[1], kernel = sizes[2], stride = sizes[3],
       pad = sizes[4], size = sizes[5];
  long out = (size + 2 * pad - kernel) / stride + 1;
  dnnl_dims_t src_dims = {1, cin, size, size};
  dnnl_dims_t weight_dims = {cout, cin, kernel, kernel};
  dnnl_dims_t dst_dims = {1, cout, out, out};
  dnnl_dims_t strides = {stride, stride}, padding = {pad, pad};

  dnnl_memory_desc_t src_md, weight_md, dst_md;
  CHECK(dnnl_memory_desc_init_by_tag(&src_md, 4, src_dims, dnnl_f32,
                                     activation_tag));
  CHECK(dnnl_memory_desc_init_by_tag(&weight_md, 4, weight_dims, dnnl_f32,
                                     dnnl_format_tag_any));
  CHECK(dnnl_memory_desc_init_by_tag(&dst_md, 4, dst_dims, dnnl_f32,
                                     activation_tag));
  dnnl_convolution_desc_t conv;
  CHECK(dnnl_convolution_forward_desc_init(
      &conv, dnnl_forward_inference, dnnl_convolution_direct, &src_md,
      &weight_md, NULL, &dst_md, strides, padding, padding));
  dnnl_primitive_desc_t pd;
  CHECK(dnnl_primitive_desc_create(&pd, &conv, NULL, engine, NULL));

  dnnl_memory_t src, weights, dst;
  CHECK(dnnl_memory_create(&src, dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0),
                           engine, DNNL_MEMORY_ALLOCATE));
  CHECK(dnnl_memory_create(&weights,
                           dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                           engine, DNNL_MEMORY_ALLOCATE));
  CHECK(dnnl_memory_create(&dst, dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0),
                           engine, DNNL_MEMORY_ALLOCATE));
  fill(src, 1);
  fill(weights, 2);

  dnnl_primitive_t primitive;
  CHECK(dnnl_primitive_create(&primitive, pd));
  dnnl_exec_arg_t args[3] = {
      {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}};

  double median = median_ms(primitive, stream, 3, args, runs);

  dnnl_primitive_destroy(primitive);
  dnnl_memory_destroy(src);
  dnnl_memory_destroy(weights);
  dnnl_memory_destroy(dst);
  dnnl_primitive_desc_destroy(pd);
  return median;
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr,
            "usage: %s CIN COUT KERNEL STRIDE PAD SIZE RUNS\n"
            "times one batch-1 float32 convolution with oneDNN on one thread\n",
            argv[0]);
    return 2;
  }
  run_on_one_thread(argv);
  long sizes[6];
  for (int i = 0; i < 6; ++i) {
    char *end = NULL;
    sizes[i] = strtol(argv[i + 1], &end, 10);
    if (*end || sizes[i] < 0 || (i != 4 && sizes[i] == 0)) {
      fprintf(stderr, "pt2c-bench-onednn-conv: bad size '%s'\n", argv[i + 1]);
      return 2;
    }
  }
  int runs = atoi(argv[7]);
  if (runs < 1) {
    fprintf(stderr, "pt2c-bench-onednn-conv: RUNS must be at least 1\n");
    return 2;
  }

  dnnl_engine_t engine;
  CHECK(dnnl_engine_create(&engine, dnnl_cpu, 0));
  dnnl_stream_t stream;
  CHECK(dnnl_stream_create(&stream, engine, dnnl_stream_default_flags));
  printf("plain %.4f\n",
         time_convolution(engine, stream, sizes, dnnl_nchw, runs));
  printf("blocked %.4f\n",
         time_convolution(engine, stream, sizes, dnnl_format_tag_any, runs));
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return 0;
}
