//===- StepTimer.h - "STEP (N ms)" progress lines for -v -----------------===//

#ifndef PT2C_DRIVER_STEPTIMER_H
#define PT2C_DRIVER_STEPTIMER_H

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

namespace pt2c {

/// Reports how long a step took, when progress output is on (`progress`
/// empty: silent). The line is written when the timer goes out of scope.
class StepTimer {
public:
  using Progress = std::function<void(const std::string &)>;

  StepTimer(const Progress &progress, std::string step)
      : progress_(progress), step_(std::move(step)),
        start_(std::chrono::steady_clock::now()) {}
  ~StepTimer() {
    if (!progress_)
      return;
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start_)
                    .count();
    char text[64];
    std::snprintf(text, sizeof text, " (%.1f ms)", ms);
    progress_(step_ + text);
  }
  StepTimer(const StepTimer &) = delete;
  StepTimer &operator=(const StepTimer &) = delete;

private:
  const Progress &progress_;
  std::string step_;
  std::chrono::steady_clock::time_point start_;
};

} // namespace pt2c

#endif // PT2C_DRIVER_STEPTIMER_H
