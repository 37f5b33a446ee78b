"""ctypes declarations of the model library's public C ABI
(include/pt2c/pt2c.h, version 1) and of DLPack 0.6's DLTensor."""
import ctypes

ABI_MAJOR = 1
# The header version this package was written against, passed to
# pt2c_options_create; the library checks the major only.
ABI_VERSION = (ABI_MAJOR << 16) | 3

# DLPack device types and type codes (dlpack.h 0.6), and pt2c's bool code.
KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_CUDA_MANAGED = 1, 2, 3, 13
KDL_INT, KDL_UINT, KDL_FLOAT, KDL_BFLOAT, KDL_COMPLEX, PT2C_DL_BOOL = 0, 1, 2, 4, 5, 6

# Out-parameter markers of pt2c_model_*_dim_symbol.
STATIC_DIM, DERIVED_DIM = -1, -2


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


_p = ctypes.c_void_p  # pt2c_status*, pt2c_options*, pt2c_model*: opaque
_size, _i32, _i64 = ctypes.c_size_t, ctypes.c_int32, ctypes.c_int64
_str = ctypes.c_char_p

# name: (restype, argtypes). Every pt2c_status* result is a c_void_p: None
# is success.
_PROTOTYPES = {
    "pt2c_abi_version": (ctypes.c_uint32, []),
    "pt2c_status_code": (ctypes.c_int, [_p]),
    "pt2c_status_message": (_str, [_p]),
    "pt2c_status_free": (None, [_p]),
    "pt2c_options_create": (_p, [ctypes.c_uint32, ctypes.POINTER(_p)]),
    "pt2c_options_free": (None, [_p]),
    "pt2c_options_set_device": (_p, [_p, ctypes.c_int]),
    "pt2c_options_set_device_index": (_p, [_p, _i32]),
    "pt2c_options_set_cuda_stream": (_p, [_p, _p]),
    "pt2c_options_set_cpu_threads": (_p, [_p, _i32]),
    "pt2c_options_set_weights_path": (_p, [_p, _str]),
    "pt2c_model_create": (_p, [_p, ctypes.POINTER(_p)]),
    "pt2c_model_destroy": (None, [_p]),
    "pt2c_model_name": (_str, [_p]),
    "pt2c_model_compile_options": (_str, [_p]),
    "pt2c_model_cpu_threads": (_i32, [_p]),
    "pt2c_model_num_inputs": (_size, [_p]),
    "pt2c_model_num_outputs": (_size, [_p]),
    "pt2c_model_input_name": (_str, [_p, _size]),
    "pt2c_model_output_name": (_str, [_p, _size]),
    "pt2c_model_input_dtype": (DLDataType, [_p, _size]),
    "pt2c_model_output_dtype": (DLDataType, [_p, _size]),
    "pt2c_model_input_rank": (_i32, [_p, _size]),
    "pt2c_model_output_rank": (_i32, [_p, _size]),
    "pt2c_model_input_shape": (ctypes.POINTER(_i64), [_p, _size]),
    "pt2c_model_output_shape": (ctypes.POINTER(_i64), [_p, _size]),
    "pt2c_model_input_dim_symbol": (_i32, [_p, _size, _i32]),
    "pt2c_model_output_dim_symbol": (_i32, [_p, _size, _i32]),
    "pt2c_model_num_symbols": (_size, [_p]),
    "pt2c_model_symbol_name": (_str, [_p, _size]),
    "pt2c_model_symbol_range": (_p, [_p, _size, ctypes.POINTER(_i64), ctypes.POINTER(_i64)]),
    "pt2c_model_run": (_p, [_p, ctypes.POINTER(DLTensor), _size, ctypes.POINTER(DLTensor), _size]),
    "pt2c_tensor_free": (None, [ctypes.POINTER(DLTensor)]),
}

# Appended after version 1.0: looked up only when asked for.
_OPTIONAL = {
    "pt2c_options_set_cuda_graphs": (_p, [_p, _i32]),  # 1.1
    "pt2c_model_num_metadata": (_size, [_p]),  # 1.3
    "pt2c_model_metadata_key": (_str, [_p, _size]),  # 1.3
    "pt2c_model_metadata_value": (_str, [_p, _size]),  # 1.3
}


class Library:
    """One model library's functions, typed. ctypes' CDLL releases the GIL
    around every call, so runs on several threads proceed in parallel."""

    def __init__(self, path):
        # RTLD_LOCAL: every library exports the same pt2c_* names, and
        # several models may be loaded side by side.
        self._dll = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        for name, (restype, argtypes) in _PROTOTYPES.items():
            function = getattr(self._dll, name)  # AttributeError: not a pt2c model
            function.restype, function.argtypes = restype, argtypes
            setattr(self, name[len("pt2c_"):], function)

    def optional(self, name):
        """The function `pt2c_<name>` of a later ABI minor, or None."""
        function = getattr(self._dll, "pt2c_" + name, None)
        if function is not None:
            function.restype, function.argtypes = _OPTIONAL["pt2c_" + name]
        return function
