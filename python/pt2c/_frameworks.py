"""What the package needs from the framework a caller's tensors come from:
making an input passable, allocating outputs like the inputs, and waiting
for the framework's queued GPU work. Chosen by the type's module, so that
no framework is imported unless the caller already uses it."""
import sys

from ._dtypes import numpy_dtype
from ._errors import Error, Status


def of(obj):
    """The adapter for `obj`'s framework."""
    module = type(obj).__module__.partition(".")[0]
    if module == "torch" and "torch" in sys.modules:
        return _Torch(sys.modules["torch"])
    if module == "cupy" and "cupy" in sys.modules:
        return _Cupy(sys.modules["cupy"])
    if module == "numpy" or not hasattr(obj, "__dlpack__"):
        return _Numpy()  # numpy arrays, and lists, scalars, ... through numpy.asarray
    return _OtherDLPack()


def _numpy():
    try:
        import numpy
    except ImportError:
        raise Error(Status.UNSUPPORTED,
                    "numpy is not installed: pass tensors of a framework (torch, CuPy) "
                    "for inputs and out=")
    return numpy


class _Numpy:
    """Host arrays. Outputs are numpy arrays."""

    def prepare_input(self, x, dtype):
        numpy = _numpy()
        if not isinstance(x, numpy.ndarray):
            # A list or a scalar: converted to the model's dtype, since it
            # carries none of its own (Python floats would be float64).
            return numpy.asarray(x, dtype=numpy_dtype(numpy, dtype) if dtype else None)
        if not x.dtype.isnative:
            x = x.astype(x.dtype.newbyteorder("="))
        # The ABI takes compact row-major data only: a view (transposed,
        # sliced, broadcast) is copied, as torch's .contiguous() would.
        return numpy.ascontiguousarray(x) if not (x.flags.c_contiguous and x.flags.aligned) else x

    def empty(self, shape, dtype, like):
        numpy = _numpy()
        return numpy.empty(shape, dtype=numpy_dtype(numpy, dtype))

    def from_host(self, buffer, shape, dtype, like):
        numpy = _numpy()
        return numpy.frombuffer(buffer, dtype=numpy_dtype(numpy, dtype)).reshape(shape).copy()

    def synchronize(self, like):
        pass


class _OtherDLPack(_Numpy):
    """A DLPack producer this package does not know (JAX, ...): inputs are
    passed as they are and outputs come back as numpy arrays. Its queued GPU
    work is not waited for: pass `stream=` to pt2c.load, or finish it first."""

    def prepare_input(self, x, dtype):
        return x


class _Torch:
    """torch tensors. Outputs are allocated with torch.empty on the device of
    the first torch input (device memory for CUDA tensors)."""

    def __init__(self, torch):
        self.torch = torch

    def prepare_input(self, x, dtype):
        if x.requires_grad:
            x = x.detach()  # DLPack refuses tensors that require grad
        return x if x.is_contiguous() else x.contiguous()

    def empty(self, shape, dtype, like):
        device = like.device if like is not None else "cpu"
        return self.torch.empty(shape, dtype=getattr(self.torch, dtype), device=device)

    def from_host(self, buffer, shape, dtype, like):
        device = like.device if like is not None else "cpu"
        host = self.torch.frombuffer(buffer, dtype=getattr(self.torch, dtype)).reshape(shape)
        return host.to(device, copy=True)  # the buffer is freed once this returns

    def synchronize(self, like):
        if like.is_cuda:
            self.torch.cuda.current_stream(like.device).synchronize()


class _Cupy:
    """CuPy arrays. Outputs are allocated with cupy.empty on the device of
    the first CuPy input."""

    def __init__(self, cupy):
        self.cupy = cupy

    def prepare_input(self, x, dtype):
        return self.cupy.ascontiguousarray(x)

    def empty(self, shape, dtype, like):
        with like.device:
            return self.cupy.empty(shape, dtype=numpy_dtype(_numpy(), dtype))

    def from_host(self, buffer, shape, dtype, like):
        host = _Numpy().from_host(buffer, shape, dtype, like)
        with like.device:
            return self.cupy.asarray(host)

    def synchronize(self, like):
        with like.device:
            self.cupy.cuda.get_current_stream().synchronize()
