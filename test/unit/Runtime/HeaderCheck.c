/*===- HeaderCheck.c - pt2c.h compiles as strict C99 on its own ----------===*
 *
 * Built with -std=c99 -pedantic-errors; nothing runs. Included twice to
 * check the include guard.
 *===----------------------------------------------------------------------===*/

#include "pt2c/pt2c.h"

typedef char pt2c_check_tensor_layout[sizeof(DLTensor) == 48 ? 1 : -1];
typedef char pt2c_check_bool_code[PT2C_DL_BOOL == 6 ? 1 : -1];
typedef char pt2c_check_codes[PT2C_INTERNAL == 6 ? 1 : -1];

/* Function pointer types a loader would declare, for every kind of
 * signature in the header. */
typedef pt2c_status *(*create_fn)(const pt2c_options *, pt2c_model **);
typedef pt2c_status *(*run_fn)(pt2c_model *, const DLTensor *, size_t,
                               DLTensor *, size_t);
typedef DLDataType (*dtype_fn)(const pt2c_model *, size_t);

int pt2c_header_check(void) {
  create_fn create = pt2c_model_create;
  run_fn run = pt2c_model_run;
  dtype_fn dtype = pt2c_model_input_dtype;
  return create != 0 && run != 0 && dtype != 0;
}
