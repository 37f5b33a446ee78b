"""A loaded model: creation, introspection and runs over the C ABI."""
import contextlib
import ctypes
import dataclasses
import os
import threading
from typing import Optional, Tuple, Union

from . import _frameworks, _tensors
from ._abi import ABI_MAJOR, ABI_VERSION, DERIVED_DIM, KDL_CPU, KDL_CUDA, DLTensor, Library
from ._dtypes import name_of
from ._errors import Error, Status

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


@dataclasses.dataclass(frozen=True)
class TensorInfo:
    """One input or output of the signature. `shape` holds an int for a
    static dim, the symbol's name ("s77") for a dynamic one and None for an
    output dim computed from the symbols (torch's "2*s77"), known once a
    run's inputs bind them."""

    name: str
    dtype: str
    shape: Tuple[Union[int, str, None], ...]
    # Per dim: the size (-1 dynamic) and the symbol index (-1 static,
    # -2 computed), as the ABI gives them.
    _sizes: Tuple[int, ...] = dataclasses.field(repr=False, compare=False, default=())
    _symbols: Tuple[int, ...] = dataclasses.field(repr=False, compare=False, default=())

    def __str__(self):
        dims = ", ".join("?" if d is None else str(d) for d in self.shape)
        return f"{self.name}: {self.dtype}[{dims}]"


def load(path, device="cpu", weights=None, *, stream=None, cpu_threads=None, cuda_graphs=None):
    """Loads the model library at `path` and creates its model.

    device: "cpu", "cuda" or "cuda:N" (also a torch.device).
    weights: the .pt2 to read the weights from, for a library compiled with
        `--weights external`; ignored otherwise.
    stream: CUDA only: a stream (an int handle, a torch.cuda.Stream, a
        cupy.cuda.Stream) every run is queued on. Without one each run uses
        a stream of the model's own and the call first waits for the
        inputs' framework (torch's or CuPy's current stream).
    cpu_threads: the model's CPU thread pool, counting the caller
        (default: every online CPU; 1: all on the calling thread).
    cuda_graphs: False launches kernels one by one instead of replaying
        CUDA graphs (default True).
    """
    return Model(path, device, weights, stream, cpu_threads, cuda_graphs)


class Model:
    """A model created from a pt2c library. Call it on tensors:
    `outs = model(x, ...)` returns a tuple with one tensor per output.
    Thread-safe: any number of threads may call it at once (the C ABI gives
    each run its own execution context); close() waits for runs in flight."""

    def __init__(self, path, device="cpu", weights=None, stream=None, cpu_threads=None,
                 cuda_graphs=None):
        self._handle = None
        self._life = _InFlight()
        self._device_type, self._device_index = _parse_device(device)
        self._stream = _stream_handle(stream) if self._device_type == KDL_CUDA else None
        self.path = os.path.abspath(os.fspath(path))
        try:
            self._lib = Library(self.path)
        except (OSError, AttributeError) as error:
            raise Error(Status.INVALID_ARGUMENT, f"{self.path}: not a pt2c model library: {error}")
        version = self._lib.abi_version()
        if version >> 16 != ABI_MAJOR:
            raise Error(Status.UNSUPPORTED,
                        f"{self.path}: C ABI {version >> 16}.{version & 0xFFFF}; this package "
                        f"speaks version {ABI_MAJOR}")
        self._handle = self._create(weights, cpu_threads, cuda_graphs)
        self._read_signature()

    # -- creation ----------------------------------------------------------

    def _check(self, status):
        """Raises the library's status as an Error (and frees it)."""
        if status:
            lib = self._lib
            code = lib.status_code(status)
            message = (lib.status_message(status) or b"").decode("utf-8", "replace")
            lib.status_free(status)
            raise Error(code, message)

    def _create(self, weights, cpu_threads, cuda_graphs):
        lib, options = self._lib, ctypes.c_void_p()
        self._check(lib.options_create(ABI_VERSION, ctypes.byref(options)))
        try:
            self._check(lib.options_set_device(options, self._device_type))
            self._check(lib.options_set_device_index(options, self._device_index))
            if self._stream is not None:
                self._check(lib.options_set_cuda_stream(options, self._stream))
            if cpu_threads is not None:
                self._check(lib.options_set_cpu_threads(options, cpu_threads))
            if weights is not None:
                self._check(lib.options_set_weights_path(options, os.fsencode(weights)))
            if cuda_graphs is not None:
                set_graphs = lib.optional("options_set_cuda_graphs")
                if set_graphs is None:
                    raise Error(Status.UNSUPPORTED, f"{self.path}: C ABI 1.0 has no CUDA graphs")
                self._check(set_graphs(options, 1 if cuda_graphs else 0))
            model = ctypes.c_void_p()
            self._check(lib.model_create(options, ctypes.byref(model)))
            return model.value
        finally:
            lib.options_free(options)

    def _read_signature(self):
        lib, handle = self._lib, self._handle
        self.name = lib.model_name(handle).decode()
        self.compile_options = lib.model_compile_options(handle).decode()
        self.metadata = self._read_metadata()
        self.cpu_threads = lib.model_cpu_threads(handle)
        symbols = [lib.model_symbol_name(handle, s).decode()
                   for s in range(lib.model_num_symbols(handle))]
        self.symbols = {}
        for index, name in enumerate(symbols):
            low, high = ctypes.c_int64(), ctypes.c_int64()
            self._check(lib.model_symbol_range(handle, index, ctypes.byref(low),
                                               ctypes.byref(high)))
            self.symbols[name] = (None if low.value == _INT64_MIN else low.value,
                                  None if high.value == _INT64_MAX else high.value)
        self.inputs = tuple(self._tensor_info("input", i, symbols)
                            for i in range(lib.model_num_inputs(handle)))
        self.outputs = tuple(self._tensor_info("output", i, symbols)
                             for i in range(lib.model_num_outputs(handle)))

    def _read_metadata(self):
        """The library's provenance and --metadata pairs, in its order; {}
        from a library older than C ABI 1.3, which records none."""
        lib, handle = self._lib, self._handle
        count = lib.optional("model_num_metadata")
        if count is None:
            return {}
        key, value = lib.optional("model_metadata_key"), lib.optional("model_metadata_value")
        return {key(handle, i).decode(): value(handle, i).decode() for i in range(count(handle))}

    def _tensor_info(self, kind, index, symbol_names):
        lib, handle = self._lib, self._handle
        dtype = getattr(lib, f"model_{kind}_dtype")(handle, index)
        rank = getattr(lib, f"model_{kind}_rank")(handle, index)
        sizes = tuple(getattr(lib, f"model_{kind}_shape")(handle, index)[:rank])
        symbols = tuple(getattr(lib, f"model_{kind}_dim_symbol")(handle, index, d)
                        for d in range(rank))
        shape = tuple(size if symbol == -1 else None if symbol == DERIVED_DIM
                      else symbol_names[symbol] for size, symbol in zip(sizes, symbols))
        return TensorInfo(getattr(lib, f"model_{kind}_name")(handle, index).decode(),
                          name_of(dtype.code, dtype.bits), shape, sizes, symbols)

    # -- introspection -----------------------------------------------------

    @property
    def device(self):
        """"cpu" or "cuda:N"."""
        return "cpu" if self._device_type == KDL_CPU else f"cuda:{self._device_index}"

    def __repr__(self):
        inputs = ", ".join(map(str, self.inputs))
        outputs = ", ".join(map(str, self.outputs))
        return f"<pt2c.Model {self.name!r} on {self.device}: ({inputs}) -> ({outputs})>"

    # -- runs ----------------------------------------------------------------

    def __call__(self, *inputs, out=None, **named):
        """Runs the model once on `inputs` (in signature order, or by name)
        and returns its outputs, a tuple in signature order.

        Inputs may be numpy arrays, anything that exports DLPack (torch, CuPy)
        or values numpy.asarray converts (lists, scalars). They are passed
        without a copy unless they are not compact row-major (copied) and
        must have the model's dtypes. `out`: tensors to write the outputs
        into, one per output (a single tensor for a one-output model; None
        entries are allocated); they are the tensors returned. Other outputs
        are allocated by the framework of the first input (numpy arrays for
        numpy inputs, torch tensors on the input's device for torch).
        Raises Error with the library's status and message on any failure."""
        arguments = self._arrange(inputs, named)
        outs = self._arrange_out(out)
        with self._life:
            return self._run(arguments, outs)

    run = __call__

    def _arrange(self, inputs, named):
        if not named:
            return list(inputs)
        arguments = list(inputs) + [None] * (len(self.inputs) - len(inputs))
        positions = {info.name: index for index, info in enumerate(self.inputs)}
        for name, value in named.items():
            if name not in positions:
                raise Error(Status.INVALID_ARGUMENT, f"model {self.name!r} has no input {name!r}")
            if positions[name] < len(inputs):
                raise Error(Status.INVALID_ARGUMENT, f"input {name!r} given twice")
            arguments[positions[name]] = value
        for index, value in enumerate(arguments):
            if value is None:
                raise Error(Status.INVALID_ARGUMENT, f"input {index} ({self.inputs[index].name!r}) "
                                                     "is missing")
        return arguments

    def _arrange_out(self, out):
        count = len(self.outputs)
        if out is None:
            return [None] * count
        if not isinstance(out, (list, tuple)):
            out = [out]
        if len(out) != count:
            raise Error(Status.INVALID_ARGUMENT,
                        f"expected {count} out= tensors (one per output), got {len(out)}")
        return list(out)

    def _run(self, inputs, outs):
        keep, waits = [], {}
        leader = inputs[0] if inputs else next((o for o in outs if o is not None), None)
        framework = _frameworks.of(leader)
        input_tensors = (DLTensor * max(len(inputs), 1))()
        for index, value in enumerate(inputs):
            info = self.inputs[index] if index < len(self.inputs) else None
            what = f"input {index}" + (f" ({info.name!r})" if info else "")
            adapter = _frameworks.of(value)
            with _naming(what):
                value = adapter.prepare_input(value, info.dtype if info else None)
            if index == 0:
                leader = value
            self._fill(input_tensors[index], value, adapter, keep, waits, what, writable=False)

        shapes = self._output_shapes(input_tensors, len(inputs))
        output_tensors = (DLTensor * max(len(outs), 1))()
        for index, (info, value) in enumerate(zip(self.outputs, outs)):
            if value is None and shapes[index] is not None:
                with _naming(f"output {index} ({info.name!r})"):
                    value = outs[index] = framework.empty(shapes[index], info.dtype, leader)
            if value is not None:  # else the model allocates host memory (below)
                self._fill(output_tensors[index], value, _frameworks.of(value), keep, waits,
                           f"output {index} ({info.name!r})", writable=True)

        for adapter, value in waits.values():
            adapter.synchronize(value)
        self._check(self._lib.model_run(self._handle, input_tensors, len(inputs),
                                        output_tensors, len(outs)))
        return tuple(self._collect(outs, output_tensors, framework, leader))

    def _fill(self, slot, value, adapter, keep, waits, what, writable):
        device = _tensors.fill(slot, value, keep, what, self._stream, writable)
        if device != KDL_CPU and self._stream is None:
            # The model's own stream does not wait for the framework's: wait
            # on the host for each device's queued work once per run.
            waits.setdefault((type(adapter), slot.device.device_id), (adapter, value))

    def _output_shapes(self, tensors, count):
        """Each output's shape from the inputs' dims (their symbols' values),
        or None where it is not known before the run."""
        values = {}
        for info, tensor in zip(self.inputs, tensors[:count]):
            if tensor.ndim == len(info.shape):
                for dim, symbol in enumerate(info._symbols):
                    if symbol >= 0:
                        values.setdefault(symbol, tensor.shape[dim])
        shapes = []
        for info in self.outputs:
            dims = [size if symbol == -1 else values.get(symbol)
                    for size, symbol in zip(info._sizes, info._symbols)]
            shapes.append(None if None in dims else tuple(dims))
        return shapes

    def _collect(self, outs, tensors, framework, leader):
        """The outputs; those the model allocated (host memory, for dims
        computed while running) are copied into the framework's tensors
        and released."""
        try:
            for index, value in enumerate(outs):
                if value is None:
                    tensor = tensors[index]
                    shape = tuple(tensor.shape[:tensor.ndim])
                    dtype = name_of(tensor.dtype.code, tensor.dtype.bits)
                    count = 1
                    for dim in shape:
                        count *= dim
                    nbytes = count * tensor.dtype.bits // 8
                    with _naming(f"output {index} ({self.outputs[index].name!r})"):
                        if nbytes == 0:
                            value = framework.empty(shape, dtype, leader)
                        else:
                            buffer = (ctypes.c_char * nbytes).from_address(tensor.data)
                            value = framework.from_host(buffer, shape, dtype, leader)
                yield value
        finally:
            for index, value in enumerate(outs):
                if value is None:
                    self._lib.tensor_free(ctypes.byref(tensors[index]))

    # -- lifetime ------------------------------------------------------------

    def close(self):
        """Destroys the model once the runs in flight have returned; later
        calls raise Error. Also done when the Model is garbage-collected."""
        if self._handle is not None and self._life.close():
            handle, self._handle = self._handle, None
            self._lib.model_destroy(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass  # interpreter shutdown: ctypes may already be gone


@contextlib.contextmanager
def _naming(what):
    """Prefixes the package's own refusals with the tensor they concern."""
    try:
        yield
    except Error as error:
        raise Error(error.status, f"{what}: {error.message}") from None


class _InFlight:
    """Counts the runs in progress, so that close() (pt2c_model_destroy,
    which must not race with a run) waits for them and refuses later ones."""

    def __init__(self):
        self._changed = threading.Condition()
        self._runs = 0
        self._closed = False

    def __enter__(self):
        with self._changed:
            if self._closed:
                raise Error(Status.INVALID_ARGUMENT, "the model is closed")
            self._runs += 1

    def __exit__(self, *exc):
        with self._changed:
            self._runs -= 1
            if self._runs == 0:
                self._changed.notify_all()

    def close(self):
        """True for the first call, once no run is in flight."""
        with self._changed:
            if self._closed:
                return False
            self._closed = True
            while self._runs:
                self._changed.wait()
            return True


def _parse_device(device) -> Tuple[int, int]:
    text = str(device)
    kind, _, index = text.partition(":")
    if kind == "cpu" and not index:
        return KDL_CPU, 0
    if kind == "cuda" and (not index or index.isdigit()):
        return KDL_CUDA, int(index or 0)
    raise Error(Status.INVALID_ARGUMENT, f"device {text!r}: expected 'cpu', 'cuda' or 'cuda:N'")


def _stream_handle(stream) -> Optional[int]:
    if stream is None or isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr"):  # torch.cuda.Stream, cupy.cuda.Stream
        if hasattr(stream, attribute):
            return int(getattr(stream, attribute))
    raise Error(Status.INVALID_ARGUMENT,
                f"stream: expected an int handle, a torch or a CuPy stream, "
                f"got {type(stream).__name__}")
