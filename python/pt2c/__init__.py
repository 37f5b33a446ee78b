"""pt2c from Python: load a model library that the pt2c compiler made from a
torch.export archive, and run it on numpy arrays, torch tensors or anything
else that speaks DLPack.

    import pt2c
    pt2c.compile("model.pt2", "model.so")          # runs the pt2c compiler
    model = pt2c.load("model.so")                  # device="cuda" for a --target cuda build
    (y,) = model(x)                                # numpy in, numpy out
    model(x, out=y)                                # or into caller-allocated tensors

The package drives the library's C ABI (include/pt2c/pt2c.h) with ctypes:
no compiled extension, and no framework is imported unless its tensors are
passed. python/README.md has the details.
"""
from ._compiler import compile, inspect
from ._errors import CompileError, Error, Status
from ._model import Model, TensorInfo, load

__version__ = "0.1.0"
__all__ = ["load", "Model", "TensorInfo", "Error", "Status", "CompileError", "compile", "inspect"]

# Tracebacks and reprs name them as users import them: pt2c.Error, not pt2c._errors.Error.
for _public in (Model, TensorInfo, Error, Status, CompileError):
    _public.__module__ = __name__
del _public
