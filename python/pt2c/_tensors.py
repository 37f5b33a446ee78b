"""Filling the DLTensor structs the C ABI reads from the caller's objects,
without copying their data: numpy arrays through their buffer's address,
everything else through DLPack (`__dlpack__`, as torch, CuPy and JAX
export), whose capsule's DLTensor is copied field by field."""
import ctypes
import sys

from ._abi import KDL_CPU, KDL_CUDA, KDL_CUDA_MANAGED, DLDataType, DLDevice, DLTensor
from ._dtypes import of_numpy
from ._errors import Error, Status

# Typed separately from ctypes.pythonapi's shared function object, so other
# libraries' prototypes for it neither break nor are broken by ours.
_capsule_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))

_CUDA_DEVICES = (KDL_CUDA, KDL_CUDA_MANAGED)


def fill(slot, obj, keep, what, stream=None, writable=False):
    """Points `slot` (a DLTensor) at `obj`'s data; appends to `keep` what
    must stay alive until the run returns. `what` names the tensor in
    messages ("input 0 ('x')"). `stream`: the CUDA stream the model runs on,
    if the caller gave one; it is passed to `__dlpack__` so that the
    producer orders its pending work before that stream.
    Returns the DLPack device type of the data."""
    if _is_numpy(obj):
        _fill_from_numpy(slot, obj, keep, what, writable)
        return KDL_CPU
    if not hasattr(obj, "__dlpack__"):
        raise Error(Status.INVALID_ARGUMENT,
                    f"{what}: a {type(obj).__name__} is neither a numpy array nor exports DLPack")
    _fill_from_dlpack(slot, obj, keep, what, stream)
    return slot.device.device_type


def _is_numpy(obj):
    # Without importing numpy: a caller with numpy arrays has imported it.
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(obj, numpy.ndarray)


def _fill_from_numpy(slot, array, keep, what, writable):
    # numpy's own __dlpack__ refuses read-only arrays (an input may well be
    # one) and numpy 1.24 has no versioned capsules; its buffer address and
    # shape are all a row-major DLTensor needs. Callers made inputs
    # C-contiguous, aligned and native-endian first (_frameworks.py).
    key = of_numpy(array.dtype)
    if key is None:
        raise Error(Status.INVALID_ARGUMENT,
                    f"{what}: numpy dtype {array.dtype} has no DLPack type")
    flags = array.flags
    if writable and not (flags.c_contiguous and flags.aligned and flags.writeable
                         and array.dtype.isnative):
        raise Error(Status.INVALID_ARGUMENT,
                    f"{what}: an out= array must be writable, C-contiguous, aligned and "
                    "native-endian (it is written in place)")
    shape = (ctypes.c_int64 * array.ndim)(*array.shape)
    keep += (array, shape)
    slot.data = array.ctypes.data
    slot.device = DLDevice(KDL_CPU, 0)
    slot.ndim = array.ndim
    slot.dtype = DLDataType(key[0], key[1], 1)
    slot.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
    slot.strides = None  # compact row-major
    slot.byte_offset = 0


def _fill_from_dlpack(slot, obj, keep, what, stream):
    device_type, _ = obj.__dlpack_device__()
    try:
        # No max_version: every producer then returns the legacy
        # "dltensor" capsule, whose DLManagedTensor starts with the DLTensor.
        # Host producers (numpy) refuse a stream, so only CUDA data gets one.
        if stream is not None and device_type in _CUDA_DEVICES:
            capsule = obj.__dlpack__(stream=stream)
        else:
            capsule = obj.__dlpack__()
        address = _capsule_pointer(capsule, b"dltensor")
    except (BufferError, TypeError, ValueError, RuntimeError) as error:
        raise Error(Status.INVALID_ARGUMENT, f"{what}: cannot export it through DLPack: {error}")
    # The capsule, left unconsumed, calls the producer's deleter when it
    # dies; until then the shape and strides it points at stay valid.
    keep += (obj, capsule)
    ctypes.memmove(ctypes.addressof(slot), address, ctypes.sizeof(DLTensor))
