/* An out-of-tree program linked against a model library (test/install):
 * reads the model's one float32 input (its static shape, from the model)
 * as raw little-endian floats from INPUT, runs it, writes its first output
 * the same way to OUTPUT, and prints what the library records about
 * itself through the C ABI.
 *
 *   consumer INPUT.f32 OUTPUT.f32 */
#include <pt2c/pt2c.h>

#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, pt2c_status *status) {
  fprintf(stderr, "consumer: %s: %s\n", what, pt2c_status_message(status));
  pt2c_status_free(status);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: consumer INPUT.f32 OUTPUT.f32\n");
    return 2;
  }
  pt2c_model *model = NULL;
  pt2c_status *status = pt2c_model_create(NULL, &model);
  if (status)
    return fail("create", status);
  for (size_t i = 0; i < pt2c_model_num_metadata(model); ++i)
    printf("%s=%s\n", pt2c_model_metadata_key(model, i), pt2c_model_metadata_value(model, i));

  int32_t rank = pt2c_model_input_rank(model, 0);
  const int64_t *shape = pt2c_model_input_shape(model, 0);
  DLDataType dtype = pt2c_model_input_dtype(model, 0);
  size_t count = 1;
  for (int32_t d = 0; d < rank; ++d) {
    if (shape[d] < 0) {
      fprintf(stderr, "consumer: input dim %d is dynamic; this program takes static ones\n", d);
      return 1;
    }
    count *= (size_t)shape[d];
  }
  if (pt2c_model_num_inputs(model) != 1 || dtype.code != kDLFloat || dtype.bits != 32) {
    fprintf(stderr, "consumer: this program takes models of one float32 input\n");
    return 1;
  }
  float *data = malloc(count * sizeof(float));
  FILE *in = fopen(argv[1], "rb");
  if (!data || !in || fread(data, sizeof(float), count, in) != count) {
    fprintf(stderr, "consumer: cannot read %zu floats from %s\n", count, argv[1]);
    return 1;
  }
  fclose(in);

  DLTensor input = {0};
  input.data = data;
  input.device.device_type = kDLCPU;
  input.ndim = rank;
  input.dtype = dtype;
  input.shape = (int64_t *)shape;
  size_t n_outputs = pt2c_model_num_outputs(model);
  DLTensor *outputs = calloc(n_outputs, sizeof(DLTensor)); /* data NULL: the model allocates */
  status = pt2c_model_run(model, &input, 1, outputs, n_outputs);
  if (status)
    return fail("run", status);

  if (outputs[0].dtype.code != kDLFloat || outputs[0].dtype.bits != 32) {
    fprintf(stderr, "consumer: this program writes a float32 first output\n");
    return 1;
  }
  size_t out_count = 1;
  for (int32_t d = 0; d < outputs[0].ndim; ++d)
    out_count *= (size_t)outputs[0].shape[d];
  FILE *out = fopen(argv[2], "wb");
  if (!out || fwrite(outputs[0].data, sizeof(float), out_count, out) != out_count ||
      fclose(out) != 0) {
    fprintf(stderr, "consumer: cannot write %s\n", argv[2]);
    return 1;
  }
  for (size_t i = 0; i < n_outputs; ++i)
    pt2c_tensor_free(&outputs[i]);
  free(outputs);
  free(data);
  pt2c_model_destroy(model);
  printf("consumer: ran the model, %zu output values\n", out_count);
  return 0;
}
