/*===- Profile.c - The profiler hooks and pt2c_model_profile_* ------------===*/

#include "Profile.h"

#include "Model.h"
#include "Status.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static _Thread_local pt2crt_profile_run *tls_run;

uint64_t pt2crt_now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static int32_t count_names(const char *table) {
  int32_t n = 0;
  for (const char *name = table; *name; name += strlen(name) + 1)
    ++n;
  return n;
}

/* Sizes `run` for `table` (the code of a run does not change within a
 * model, so this happens on its first profiled run). */
static int adopt_table(pt2crt_profile_run *run, const char *table) {
  int32_t n = count_names(table);
  if (n > run->capacity) {
    pt2crt_profile_point *points = calloc((size_t)n, sizeof(*points));
    uint64_t *started = calloc((size_t)n, sizeof(*started));
    if (!points || !started) {
      free(points);
      free(started);
      return 0;
    }
    free(run->points);
    free(run->started_ns);
    run->points = points;
    run->started_ns = started;
    run->capacity = n;
  } else {
    memset(run->points, 0, sizeof(*run->points) * (size_t)n);
  }
  run->table = table;
  run->n_points = n;
  return 1;
}

/* The current run's slot for (table, id), or NULL when not profiling. */
static pt2crt_profile_run *current_for(const char *table, int32_t id) {
  pt2crt_profile_run *run = tls_run;
  if (!run || run->failed)
    return NULL;
  if (run->table != table && !adopt_table(run, table)) {
    run->failed = 1;
    return NULL;
  }
  return id >= 0 && id < run->n_points ? run : NULL;
}

void pt2crt_profile_begin(const char *table, int32_t id) {
  pt2crt_profile_run *run = current_for(table, id);
  if (!run)
    return;
  if (run->mark)
    run->mark(run->cookie, id, 0);
  else
    run->started_ns[id] = pt2crt_now_ns();
}

void pt2crt_profile_end(const char *table, int32_t id) {
  pt2crt_profile_run *run = current_for(table, id);
  if (!run)
    return;
  if (run->mark) {
    run->mark(run->cookie, id, 1);
    return;
  }
  uint64_t now = pt2crt_now_ns();
  pt2crt_profile_add(run, id, now - run->started_ns[id]);
}

void pt2crt_profile_add(pt2crt_profile_run *run, int32_t id, uint64_t ns) {
  if (id < 0 || id >= run->n_points)
    return;
  run->points[id].calls += 1;
  run->points[id].total_ns += ns;
}

pt2crt_profile_run *pt2crt_profile_set_current(pt2crt_profile_run *run) {
  pt2crt_profile_run *previous = tls_run;
  if (run) {
    run->failed = 0;
    if (run->points)
      memset(run->points, 0, sizeof(*run->points) * (size_t)run->n_points);
  }
  tls_run = run;
  return previous;
}

void pt2crt_profile_run_free(pt2crt_profile_run *run) {
  free(run->points);
  free(run->started_ns);
  memset(run, 0, sizeof(*run));
}

int pt2crt_profile_totals_init(pt2crt_profile_totals *totals) {
  memset(totals, 0, sizeof(*totals));
  return pthread_mutex_init(&totals->mutex, NULL);
}

void pt2crt_profile_totals_destroy(pt2crt_profile_totals *totals) {
  free(totals->points);
  free(totals->names);
  pthread_mutex_destroy(&totals->mutex);
}

void pt2crt_profile_totals_add(pt2crt_profile_totals *totals,
                               const pt2crt_profile_run *run, uint64_t wall_ns) {
  if (run->failed || !run->table)
    return;
  pthread_mutex_lock(&totals->mutex);
  if (totals->table != run->table) {
    pt2crt_profile_point *points = calloc((size_t)run->n_points, sizeof(*points));
    const char **names = calloc((size_t)run->n_points, sizeof(*names));
    if (!points || !names) {
      free(points);
      free(names);
      pthread_mutex_unlock(&totals->mutex);
      return;
    }
    const char *name = run->table;
    for (int32_t i = 0; i < run->n_points; ++i, name += strlen(name) + 1)
      names[i] = name;
    free(totals->points);
    free(totals->names);
    totals->points = points;
    totals->names = names;
    totals->table = run->table;
    totals->n_points = run->n_points;
    totals->runs = 0;
    totals->wall_ns = 0;
  }
  for (int32_t i = 0; i < run->n_points; ++i) {
    totals->points[i].calls += run->points[i].calls;
    totals->points[i].total_ns += run->points[i].total_ns;
  }
  totals->runs += 1;
  totals->wall_ns += wall_ns;
  pthread_mutex_unlock(&totals->mutex);
}

/*===------------------------ The public functions -----------------------===*/

PT2C_API size_t pt2c_model_profile_size(const pt2c_model *model) {
  if (!model || !model->profile)
    return 0;
  pt2crt_profile_totals *totals = model->profile;
  pthread_mutex_lock(&totals->mutex);
  size_t n = (size_t)totals->n_points;
  pthread_mutex_unlock(&totals->mutex);
  return n;
}

PT2C_API pt2c_status *pt2c_model_profile_point(const pt2c_model *model,
                                               size_t index, const char **name,
                                               uint64_t *calls,
                                               uint64_t *total_ns) {
  if (!model)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_profile_point: model is NULL");
  if (!model->profile)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_profile_point: the model was created "
                        "without profiling (pt2c_options_set_profiling)");
  pt2crt_profile_totals *totals = model->profile;
  pthread_mutex_lock(&totals->mutex);
  size_t n = (size_t)totals->n_points;
  if (index >= n) {
    pthread_mutex_unlock(&totals->mutex);
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_profile_point: index %zu is out of range "
                        "(%zu points)",
                        index, n);
  }
  if (name)
    *name = totals->names[index];
  if (calls)
    *calls = totals->points[index].calls;
  if (total_ns)
    *total_ns = totals->points[index].total_ns;
  pthread_mutex_unlock(&totals->mutex);
  return NULL;
}

PT2C_API uint64_t pt2c_model_profile_runs(const pt2c_model *model,
                                          uint64_t *wall_ns) {
  if (wall_ns)
    *wall_ns = 0;
  if (!model || !model->profile)
    return 0;
  pt2crt_profile_totals *totals = model->profile;
  pthread_mutex_lock(&totals->mutex);
  uint64_t runs = totals->runs;
  if (wall_ns)
    *wall_ns = totals->wall_ns;
  pthread_mutex_unlock(&totals->mutex);
  return runs;
}

PT2C_API void pt2c_model_profile_reset(pt2c_model *model) {
  if (!model || !model->profile)
    return;
  pt2crt_profile_totals *totals = model->profile;
  pthread_mutex_lock(&totals->mutex);
  if (totals->points)
    memset(totals->points, 0, sizeof(*totals->points) * (size_t)totals->n_points);
  totals->runs = 0;
  totals->wall_ns = 0;
  pthread_mutex_unlock(&totals->mutex);
}
