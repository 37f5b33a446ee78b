"""Element types: DLPack's (code, bits) pairs, their names (torch's and
numpy's spelling: "float32", "bfloat16", "bool") and numpy dtypes."""
from ._abi import KDL_BFLOAT, KDL_COMPLEX, KDL_FLOAT, KDL_INT, KDL_UINT, PT2C_DL_BOOL
from ._errors import Error, Status

_NAMES = {
    (KDL_FLOAT, 16): "float16", (KDL_FLOAT, 32): "float32", (KDL_FLOAT, 64): "float64",
    (KDL_BFLOAT, 16): "bfloat16",
    (KDL_INT, 8): "int8", (KDL_INT, 16): "int16", (KDL_INT, 32): "int32", (KDL_INT, 64): "int64",
    (KDL_UINT, 8): "uint8", (KDL_UINT, 16): "uint16", (KDL_UINT, 32): "uint32",
    (KDL_UINT, 64): "uint64",
    (KDL_COMPLEX, 64): "complex64", (KDL_COMPLEX, 128): "complex128",
    (PT2C_DL_BOOL, 8): "bool",
}
_CODES = {name: key for key, name in _NAMES.items()}


def name_of(code, bits):
    """'float32' for (kDLFloat, 32); 'dlpack(code, bits)' for a pair pt2c
    does not use, so a message can still show it."""
    return _NAMES.get((code, bits), f"dlpack({code}, {bits})")


def code_of(name):
    """(code, bits) of a dtype name."""
    return _CODES[name]


def numpy_dtype(numpy, name):
    """The numpy dtype of `name`. numpy has no bfloat16: ml_dtypes' is used
    where that package is installed, else the caller hears what to do."""
    if name == "bfloat16":
        try:
            import ml_dtypes
        except ImportError:
            raise Error(Status.UNSUPPORTED,
                        "numpy has no bfloat16 dtype: pass out= tensors of a framework that has "
                        "one (torch), call the model with such tensors, or install ml_dtypes")
        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(name)


def of_numpy(dtype):
    """(code, bits) of a numpy dtype, or None for one pt2c cannot take.
    Only the kind and size count: byte order is the caller's business."""
    if dtype.name == "bfloat16":  # ml_dtypes' (kind 'V')
        return (KDL_BFLOAT, 16)
    code = {"f": KDL_FLOAT, "i": KDL_INT, "u": KDL_UINT, "c": KDL_COMPLEX, "b": PT2C_DL_BOOL}.get(
        dtype.kind)
    return None if code is None else (code, dtype.itemsize * 8)
