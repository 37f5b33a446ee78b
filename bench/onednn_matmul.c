/* One linear layer timed with oneDNN's matmul on one thread: the reference
 * that pt2c's CPU linear layers are measured against on the build machine
 * (issue #16 item 2; bench/cpu_matmul_reference.py runs it).
 *
 *   pt2c-bench-onednn-matmul ROWS INPUTS OUTPUTS RUNS
 *
 * y [ROWS, OUTPUTS] = x [ROWS, INPUTS] W [INPUTS, OUTPUTS] + bias, float32,
 * x and y row-major as pt2c's library takes and returns them; the weights
 * in the layout oneDNN prefers (its reorder happens once, outside the
 * timing, as pt2c packs its weights once). Prints the median in
 * milliseconds: `median MS`. It runs on one thread (onednn_timing.h says
 * how). */
#include "onednn_timing.h"

const char *const program_name = "pt2c-bench-onednn-matmul";

static double time_matmul(dnnl_engine_t engine, dnnl_stream_t stream, long rows, long inputs,
                          long outputs, int runs) {
  dnnl_dims_t src_dims = {rows, inputs}, weight_dims = {inputs, outputs},
              bias_dims = {1, outputs}, dst_dims = {rows, outputs};
  dnnl_memory_desc_t src_md, weight_md, bias_md, dst_md;
  CHECK(dnnl_memory_desc_init_by_tag(&src_md, 2, src_dims, dnnl_f32, dnnl_ab));
  CHECK(dnnl_memory_desc_init_by_tag(&weight_md, 2, weight_dims, dnnl_f32, dnnl_format_tag_any));
  CHECK(dnnl_memory_desc_init_by_tag(&bias_md, 2, bias_dims, dnnl_f32, dnnl_ab));
  CHECK(dnnl_memory_desc_init_by_tag(&dst_md, 2, dst_dims, dnnl_f32, dnnl_ab));
  dnnl_matmul_desc_t matmul;
  CHECK(dnnl_matmul_desc_init(&matmul, &src_md, &weight_md, &bias_md, &dst_md));
  dnnl_primitive_desc_t pd;
  CHECK(dnnl_primitive_desc_create(&pd, &matmul, NULL, engine, NULL));

  dnnl_memory_t src, weights, bias, dst;
  CHECK(dnnl_memory_create(&src, dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0), engine,
                           DNNL_MEMORY_ALLOCATE));
  CHECK(dnnl_memory_create(&weights, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                           engine, DNNL_MEMORY_ALLOCATE));
  CHECK(dnnl_memory_create(&bias, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 1),
                           engine, DNNL_MEMORY_ALLOCATE));
  CHECK(dnnl_memory_create(&dst, dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0), engine,
                           DNNL_MEMORY_ALLOCATE));
  fill(src, 1);
  fill(weights, 2);
  fill(bias, 3);

  dnnl_primitive_t primitive;
  CHECK(dnnl_primitive_create(&primitive, pd));
  dnnl_exec_arg_t args[4] = {{DNNL_ARG_SRC, src},
                             {DNNL_ARG_WEIGHTS, weights},
                             {DNNL_ARG_BIAS, bias},
                             {DNNL_ARG_DST, dst}};
  double median = median_ms(primitive, stream, 4, args, runs);

  dnnl_primitive_destroy(primitive);
  dnnl_memory_destroy(src);
  dnnl_memory_destroy(weights);
  dnnl_memory_destroy(bias);
  dnnl_memory_destroy(dst);
  dnnl_primitive_desc_destroy(pd);
  return median;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr,
            "usage: %s ROWS INPUTS OUTPUTS RUNS\n"
            "times one float32 linear layer (with bias) with oneDNN's matmul on one thread\n",
            argv[0]);
    return 2;
  }
  run_on_one_thread(argv);
  long sizes[4];
  for (int i = 0; i < 4; ++i) {
    char *end = NULL;
    sizes[i] = strtol(argv[i + 1], &end, 10);
    if (*end || sizes[i] <= 0) {
      fprintf(stderr, "%s: bad size '%s'\n", program_name, argv[i + 1]);
      return 2;
    }
  }
  dnnl_engine_t engine;
  CHECK(dnnl_engine_create(&engine, dnnl_cpu, 0));
  dnnl_stream_t stream;
  CHECK(dnnl_stream_create(&stream, engine, dnnl_stream_default_flags));
  printf("median %.4f\n", time_matmul(engine, stream, sizes[0], sizes[1], sizes[2], (int)sizes[3]));
  dnnl_stream_destroy(stream);
  dnnl_engine_destroy(engine);
  return 0;
}
