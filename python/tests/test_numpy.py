"""The package on the CPU with numpy: compile, load, run against eager
PyTorch's outputs, introspection against `pt2c inspect --json`, errors as
pt2c.Error, runs from several threads. Runs wherever pt2c and numpy are
(ctest: test/python/CMakeLists.txt, in a freshly installed virtual
environment)."""
import ctypes
import json
import os
import pickle
import subprocess
import threading
import unittest

import numpy

import fixtures
import pt2c


def assert_close(test, got, expected, dtype="float32"):
    atol, rtol = fixtures.tolerance(dtype)
    got = numpy.asarray(got, dtype=numpy.float64)
    test.assertEqual(got.shape, expected.shape)
    excess = numpy.abs(got - expected) - (atol + rtol * numpy.abs(expected))
    test.assertLessEqual(excess.max(initial=-1.0), 0.0,
                         f"largest difference {numpy.abs(got - expected).max()}")


class DLPackOnly:
    """A tensor known to the package only through DLPack (as JAX's or any
    other framework's): exercises the capsule path without torch."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


class CompileTest(unittest.TestCase):
    def test_compile_returns_the_library(self):
        path = fixtures.library("mlp")
        self.assertTrue(os.path.isfile(path))

    def test_compile_failure_raises_with_pt2cs_message(self):
        not_an_archive = os.path.join(fixtures.WORK, "not-an-archive.pt2")
        with open(not_an_archive, "w") as file:
            file.write("not a zip file")
        with self.assertRaises(pt2c.CompileError) as caught:
            pt2c.compile(not_an_archive, os.path.join(fixtures.WORK, "never.so"))
        self.assertEqual(caught.exception.returncode, 2)
        self.assertIn("pt2c: error", caught.exception.stderr)
        self.assertIn("not-an-archive.pt2", str(caught.exception))

    def test_missing_compiler(self):
        with self.assertRaises(pt2c.CompileError) as caught:
            pt2c.compile("x.pt2", "x.so", compiler="/nonexistent/pt2c")
        self.assertIsNone(caught.exception.returncode)

    def test_inspect(self):
        info = pt2c.inspect(fixtures.archive("mlp_dynamic")[0])
        self.assertEqual(info["inputs"][0]["shape"], ["s77", 64])


class RunTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.model = pt2c.load(fixtures.library("mlp"))
        (cls.inputs, cls.expected), = fixtures.samples("mlp")

    def test_matches_eager(self):
        outputs = self.model(*self.inputs)
        self.assertIsInstance(outputs, tuple)
        self.assertEqual(len(outputs), 1)
        self.assertIsInstance(outputs[0], numpy.ndarray)
        self.assertEqual(outputs[0].dtype, numpy.float32)
        assert_close(self, outputs[0], self.expected[0])

    def test_out_tensors_are_written_in_place_and_returned(self):
        out = numpy.full(self.expected[0].shape, numpy.nan, dtype=numpy.float32)
        (result,) = self.model(*self.inputs, out=[out])
        self.assertIs(result, out)
        assert_close(self, out, self.expected[0])
        out[...] = numpy.nan
        self.assertIs(self.model(*self.inputs, out=out)[0], out)  # a single tensor too
        assert_close(self, out, self.expected[0])

    def test_inputs_by_name(self):
        (result,) = self.model(x=self.inputs[0])
        assert_close(self, result, self.expected[0])

    def test_strided_and_list_inputs_are_converted(self):
        fortran = numpy.asfortranarray(self.inputs[0])
        assert_close(self, self.model(fortran)[0], self.expected[0])
        assert_close(self, self.model(self.inputs[0].tolist())[0], self.expected[0])

    def test_dlpack_inputs_and_outputs(self):
        out = numpy.zeros(self.expected[0].shape, dtype=numpy.float32)
        (result,) = self.model(DLPackOnly(self.inputs[0]), out=DLPackOnly(out))
        self.assertIsInstance(result, DLPackOnly)
        assert_close(self, out, self.expected[0])
        (allocated,) = self.model(DLPackOnly(self.inputs[0]))
        assert_close(self, allocated, self.expected[0])  # numpy, for an unknown framework

    def test_several_inputs_and_outputs(self):
        bert = pt2c.load(fixtures.library("bert_tiny"))
        for inputs, expected in fixtures.samples("bert_tiny"):
            outputs = bert(*inputs)
            self.assertEqual(len(outputs), len(expected))
            for got, want in zip(outputs, expected):
                assert_close(self, got, want)


class DynamicShapeTest(unittest.TestCase):
    def test_each_sample_size(self):
        model = pt2c.load(fixtures.library("mlp_dynamic"))
        batches = []
        for inputs, expected in fixtures.samples("mlp_dynamic"):
            (result,) = model(*inputs)
            assert_close(self, result, expected[0])
            batches.append(result.shape[0])
        self.assertEqual(sorted(batches), [3, 5])

    def test_output_dims_computed_from_symbols(self):
        model = pt2c.load(fixtures.library("sym_size"))
        self.assertIsNone(model.outputs[1].shape[0])  # 2*s33
        (inputs, expected), = fixtures.samples("sym_size")
        outputs = model(*inputs)
        for got, want in zip(outputs, expected):
            self.assertIsInstance(got, numpy.ndarray)
            assert_close(self, got, want)


class MetadataTest(unittest.TestCase):
    """Names, dtypes, shapes and symbol ranges as the compiler saw them."""

    def check_against_inspect(self, name):
        source, program = fixtures.archive(name)
        command = [os.environ.get("PT2C_COMPILER", "pt2c"), "inspect", source, "--json"]
        if program:
            command += ["--model", program]
        truth = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
        model = pt2c.load(fixtures.library(name))
        for mine, theirs in ((model.inputs, truth["inputs"]), (model.outputs, truth["outputs"])):
            self.assertEqual([t.name for t in mine], [t["name"] for t in theirs])
            self.assertEqual([t.dtype for t in mine], [t["dtype"] for t in theirs])
            for tensor, expected in zip(mine, theirs):
                # inspect writes a computed dim as its expression ("2*s33").
                want = [d if isinstance(d, int) or d in truth["symbols"] else None
                        for d in expected["shape"]]
                self.assertEqual(list(tensor.shape), want, tensor.name)
        self.assertEqual(model.symbols, {name: (r["min"], r["max"])
                                         for name, r in truth["symbols"].items()})
        return model

    def test_static(self):
        model = self.check_against_inspect("mlp")
        self.assertEqual(str(model.inputs[0]), "x: float32[4, 64]")
        self.assertEqual(model.device, "cpu")
        self.assertIn("--target cpu", model.compile_options)
        self.assertGreaterEqual(model.cpu_threads, 1)

    def test_dynamic(self):
        model = self.check_against_inspect("mlp_dynamic")
        self.assertEqual(model.inputs[0].shape, ("s77", 64))
        self.assertEqual(model.symbols, {"s77": (1, 1024)})

    def test_computed_dims(self):
        self.check_against_inspect("sym_size")

    def test_integer_inputs(self):
        model = self.check_against_inspect("bert_tiny")
        self.assertEqual([t.dtype for t in model.inputs], ["int64", "int64"])

    def test_options(self):
        # cuda_graphs is a CUDA option (ABI 1.1) that a CPU model accepts and ignores.
        model = pt2c.load(fixtures.library("mlp"), cpu_threads=1, cuda_graphs=False)
        self.assertEqual(model.cpu_threads, 1)
        (inputs, expected), = fixtures.samples("mlp")
        assert_close(self, model(*inputs)[0], expected[0])


class ErrorTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.model = pt2c.load(fixtures.library("mlp_dynamic"))
        (cls.inputs, cls.expected), = fixtures.samples("mlp_dynamic")[:1]

    def assert_error(self, status, fragments, call, *args, **kwargs):
        with self.assertRaises(pt2c.Error) as caught:
            call(*args, **kwargs)
        self.assertEqual(caught.exception.status, status)
        self.assertNotEqual(caught.exception.status, 0)
        for fragment in fragments:
            self.assertIn(fragment, caught.exception.message)
        return caught.exception

    def test_wrong_shape_names_the_input(self):
        x = numpy.zeros((3, 65), dtype=numpy.float32)
        error = self.assert_error(pt2c.Status.SHAPE_MISMATCH, ["input 0", "'x'", "65"],
                                  self.model, x)
        self.assertIn("SHAPE_MISMATCH", str(error))
        copy = pickle.loads(pickle.dumps(error))  # crosses process boundaries intact
        self.assertEqual((copy.status, copy.message), (error.status, error.message))

    def test_size_outside_the_symbols_range(self):
        x = numpy.zeros((1025, 64), dtype=numpy.float32)
        self.assert_error(pt2c.Status.SHAPE_MISMATCH, ["'x'", "s77", "1024"], self.model, x)

    def test_wrong_dtype(self):
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["'x'", "float64", "float32"],
                          self.model, self.inputs[0].astype(numpy.float64))

    def test_wrong_count(self):
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["expected 1 inputs, got 2"],
                          self.model, self.inputs[0], self.inputs[0])

    def test_unknown_input_name(self):
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["no input 'y'"], self.model, y=1)

    def test_wrong_out(self):
        out = numpy.zeros((4, 10), dtype=numpy.float32)  # the batch is 3
        self.assert_error(pt2c.Status.SHAPE_MISMATCH, ["output 0", "'softmax'"],
                          self.model, self.inputs[0], out=out)
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["expected 1 out= tensors"],
                          self.model, self.inputs[0], out=[out, out])
        read_only = numpy.zeros((3, 10), dtype=numpy.float32)
        read_only.flags.writeable = False
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["output 0", "writable"],
                          self.model, self.inputs[0], out=read_only)

    def test_model_stays_usable_after_errors(self):
        with self.assertRaises(pt2c.Error):
            self.model(numpy.zeros((3, 1), dtype=numpy.float32))
        assert_close(self, self.model(*self.inputs)[0], self.expected[0])

    def test_cuda_device_for_a_cpu_library(self):
        self.assert_error(pt2c.Status.UNSUPPORTED, ["compiled for the CPU only"],
                          pt2c.load, fixtures.library("mlp"), device="cuda")

    def test_cuda_library_without_a_driver(self):
        try:
            library = fixtures.library("mlp", target="cuda")
        except pt2c.CompileError as error:
            self.skipTest(f"cannot compile for CUDA here (no CUDA toolkit?): {error}")
        try:
            ctypes.CDLL("libcuda.so.1")
            self.skipTest("an NVIDIA driver is installed (test_torch_cuda.py runs the model)")
        except OSError:
            pass
        self.assert_error(pt2c.Status.DEVICE_ERROR, ["driver", "PT2C_CUDA_DRIVER"],
                          pt2c.load, library, device="cuda")

    def test_bad_device_and_library(self):
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["'tpu'"],
                          pt2c.load, fixtures.library("mlp"), device="tpu")
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["not a pt2c model library"],
                          pt2c.load, fixtures.archive("mlp")[0])

    def test_closed_model(self):
        model = pt2c.load(fixtures.library("mlp"))
        with model:
            pass
        self.assert_error(pt2c.Status.INVALID_ARGUMENT, ["closed"], model,
                          numpy.zeros((4, 64), dtype=numpy.float32))
        model.close()  # again: a no-op

    def test_bfloat16_without_a_numpy_dtype(self):
        model = pt2c.load(fixtures.library("softmax_bf16"))
        self.assertEqual(model.inputs[0].dtype, "bfloat16")
        try:
            import ml_dtypes
        except ImportError:
            ml_dtypes = None
        (inputs, expected), = fixtures.samples("softmax_bf16")
        if ml_dtypes is None:
            self.assert_error(pt2c.Status.UNSUPPORTED, ["'args_0'", "bfloat16", "numpy"],
                              model, inputs[0].tolist())
            return
        # Where ml_dtypes is installed (the GPU machine), numpy has one.
        (result,) = model(inputs[0].astype(ml_dtypes.bfloat16))
        assert_close(self, result.astype(numpy.float32), expected[0], "bfloat16")


class ExternalWeightsTest(unittest.TestCase):
    def test_weights_from_the_archive(self):
        library = fixtures.library("mlp", weights="external")
        with self.assertRaises(pt2c.Error) as caught:
            pt2c.load(library)
        self.assertEqual(caught.exception.status, pt2c.Status.INVALID_ARGUMENT)
        self.assertIn("--weights external", caught.exception.message)
        model = pt2c.load(library, weights=fixtures.archive("mlp")[0])
        (inputs, expected), = fixtures.samples("mlp")
        assert_close(self, model(*inputs)[0], expected[0])


class ThreadTest(unittest.TestCase):
    def test_one_model_from_four_threads(self):
        model = pt2c.load(fixtures.library("mlp_dynamic"))
        samples = fixtures.samples("mlp_dynamic")
        failures = []

        def work(seed):
            for run in range(50):
                inputs, expected = samples[(seed + run) % len(samples)]
                out = None if run % 2 else numpy.empty(expected[0].shape, numpy.float32)
                (result,) = model(*inputs, out=out)
                atol, rtol = fixtures.tolerance("float32")
                if not numpy.allclose(result, expected[0], rtol=rtol, atol=atol):
                    failures.append((seed, run))

        fixtures.run_in_threads(work)
        self.assertEqual(failures, [])

    def test_close_waits_for_runs_in_flight(self):
        model = pt2c.load(fixtures.library("mlp_dynamic"))
        (inputs, expected), = fixtures.samples("mlp_dynamic")[:1]
        started, results = threading.Barrier(3), []

        def work():
            started.wait()
            try:
                while True:
                    results.append(model(*inputs)[0])
            except pt2c.Error as error:
                results.append(error)

        threads = [threading.Thread(target=work) for _ in range(2)]
        for thread in threads:
            thread.start()
        started.wait()
        model.close()
        for thread in threads:
            thread.join()
        errors = [r for r in results if isinstance(r, pt2c.Error)]
        self.assertEqual(len(errors), 2)
        self.assertTrue(all("closed" in e.message for e in errors))
        for result in results:
            if not isinstance(result, pt2c.Error):
                assert_close(self, result, expected[0])


if __name__ == "__main__":
    unittest.main()
