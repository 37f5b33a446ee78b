# lit configuration for pt2c: FileCheck tests over pt2c, pt2c-opt and the test data.
import os
import lit.formats

config.name = "pt2c"
# bash, so a RUN line can check an exact exit code: `(cmd; echo "exit=$?") 2>&1 | FileCheck`.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pt2c_obj_root, "test", "lit")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs"]
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

config.substitutions.append(("%pt2c-opt", os.path.join(config.pt2c_tools_dir, "pt2c-opt")))
config.substitutions.append(("%pt2c-run", os.path.join(config.pt2c_tools_dir, "pt2c-run")))
config.substitutions.append(("%pt2c", os.path.join(config.pt2c_tools_dir, "pt2c")))
config.substitutions.append(("%data", os.path.join(config.pt2c_src_root, "test", "data")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python_executable))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.pt2c_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

# The CUDA toolkit's ptxas, where installed (as pt2c looks for it): tests
# that assemble kernels say `REQUIRES: ptxas`.
for root in [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")] + ["/usr/local/cuda"]:
    if root and os.access(os.path.join(root, "bin", "ptxas"), os.X_OK):
        config.available_features.add("ptxas")
        config.substitutions.append(("%ptxas", os.path.join(root, "bin", "ptxas")))
        break
