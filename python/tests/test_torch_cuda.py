"""The package on an NVIDIA GPU with torch CUDA tensors: outputs written in
place into the caller's out= tensors (same data pointers), outputs allocated
by torch on the inputs' device, inputs still being written by torch's stream
when the call starts, bfloat16, computed output dims, runs from 4 threads.

Skipped unless torch sees a GPU. The CUDA libraries come from
PT2C_TEST_CUDA_MODELS (a folder of NAME.so for each of
fixtures.CUDA_FIXTURES, compiled with --target cuda where LLVM is:
`python3 fixtures.py DIR`, since the GPU machine may have no LLVM), else
they are compiled here with pt2c.compile(target="cuda") (needs pt2c and
the CUDA toolkit). python/README.md says how to run it.
"""
import os
import unittest

import fixtures
import pt2c

try:
    import torch
except ImportError:
    torch = None

GPU = torch is not None and torch.cuda.is_available()


def cuda_library(name):
    folder = os.environ.get("PT2C_TEST_CUDA_MODELS")
    if folder:
        return os.path.join(folder, name + ".so")
    return fixtures.library(name, target="cuda")


def on_gpu(arrays, dtype=None):
    return [torch.from_numpy(a).to("cuda", dtype=dtype) for a in arrays]


def delayed_copy(source):
    """A CUDA tensor whose contents torch's current stream writes only after
    ~50 ms of spinning: a run that does not wait for that stream reads the
    NaNs it holds first."""
    target = torch.full_like(source, float("nan"))
    torch.cuda.synchronize()
    torch.cuda._sleep(100_000_000)  # GPU cycles (~50 ms at 2 GHz)
    target.copy_(source)
    return target


@unittest.skipUnless(GPU, "needs torch with a CUDA GPU")
class TorchCudaTest(unittest.TestCase):
    def assert_close(self, got, expected, dtype="float32"):
        atol, rtol = fixtures.tolerance(dtype)
        expected = torch.from_numpy(expected).to(got.device)
        self.assertEqual(tuple(got.shape), tuple(expected.shape))
        torch.testing.assert_close(got.float(), expected.float(), atol=atol, rtol=rtol)

    @classmethod
    def setUpClass(cls):
        cls.mlp = pt2c.load(cuda_library("mlp"), device="cuda")

    def test_out_tensors_are_the_callers(self):
        (inputs, expected), = fixtures.samples("mlp")
        x = on_gpu(inputs)
        out = torch.full(expected[0].shape, float("nan"), device="cuda")
        pointer = out.data_ptr()
        for _ in range(3):  # the second run with the same addresses is captured in a CUDA graph
            (result,) = self.mlp(*x, out=[out])
            self.assertIs(result, out)
            self.assertEqual(result.data_ptr(), pointer)
            self.assert_close(out, expected[0])

    def test_outputs_allocated_by_torch_on_the_inputs_device(self):
        (inputs, expected), = fixtures.samples("mlp")
        (result,) = self.mlp(*on_gpu(inputs))
        self.assertIsInstance(result, torch.Tensor)
        self.assertEqual(result.device, torch.device("cuda", 0))
        self.assert_close(result, expected[0])

    def test_host_tensors_into_a_cuda_model(self):
        (inputs, expected), = fixtures.samples("mlp")
        (result,) = self.mlp(*[torch.from_numpy(a) for a in inputs])
        self.assertEqual(result.device.type, "cpu")
        self.assert_close(result, expected[0])

    def test_waits_for_torchs_stream_without_a_stream_of_its_own(self):
        (inputs, expected), = fixtures.samples("mlp")
        x = delayed_copy(on_gpu(inputs)[0])
        out = torch.empty(expected[0].shape, device="cuda")
        self.mlp(x, out=out)
        self.assert_close(out, expected[0])

    def test_runs_on_the_callers_stream(self):
        stream = torch.cuda.Stream()
        model = pt2c.load(cuda_library("mlp"), device="cuda", stream=stream)
        (inputs, expected), = fixtures.samples("mlp")
        x = delayed_copy(on_gpu(inputs)[0])  # written on the current (default) stream
        out = torch.empty(expected[0].shape, device="cuda")
        (result,) = model(x, out=out)  # DLPack orders `stream` after the default stream
        self.assertEqual(result.data_ptr(), out.data_ptr())
        self.assert_close(out, expected[0])

    def test_dynamic_batch_into_out_tensors(self):
        model = pt2c.load(cuda_library("mlp_dynamic"), device="cuda")
        for inputs, expected in fixtures.samples("mlp_dynamic"):
            out = torch.empty(expected[0].shape, device="cuda")
            (result,) = model(*on_gpu(inputs), out=out)
            self.assertEqual(result.data_ptr(), out.data_ptr())
            self.assert_close(out, expected[0])

    def test_computed_output_dims(self):
        model = pt2c.load(cuda_library("sym_size"), device="cuda")
        (inputs, expected), = fixtures.samples("sym_size")
        outputs = model(*on_gpu(inputs))
        for got, want in zip(outputs, expected):
            self.assertEqual(got.device.type, "cuda")
            self.assert_close(got, want)

    def test_bfloat16(self):
        model = pt2c.load(cuda_library("softmax_bf16"), device="cuda")
        (inputs, expected), = fixtures.samples("softmax_bf16")
        x = on_gpu(inputs, torch.bfloat16)
        out = torch.empty(expected[0].shape, dtype=torch.bfloat16, device="cuda")
        (result,) = model(*x, out=out)
        self.assertEqual(result.data_ptr(), out.data_ptr())
        self.assert_close(out, expected[0], "bfloat16")
        (allocated,) = model(*x)
        self.assertEqual(allocated.dtype, torch.bfloat16)
        self.assert_close(allocated, expected[0], "bfloat16")

    def test_wrong_shape_is_an_error(self):
        with self.assertRaises(pt2c.Error) as caught:
            self.mlp(torch.zeros(4, 65, device="cuda"))
        self.assertEqual(caught.exception.status, pt2c.Status.SHAPE_MISMATCH)
        self.assertIn("'x'", caught.exception.message)

    def test_four_threads_with_their_own_out_tensors(self):
        model = pt2c.load(cuda_library("mlp_dynamic"), device="cuda")
        samples = [(on_gpu(i), e) for i, e in fixtures.samples("mlp_dynamic")]
        failures = []

        def work(seed):
            for run in range(50):
                x, expected = samples[(seed + run) % len(samples)]
                out = torch.empty(expected[0].shape, device="cuda")
                (result,) = model(*x, out=out)
                reference = torch.from_numpy(expected[0]).cuda()
                if result.data_ptr() != out.data_ptr() or not torch.allclose(
                        out, reference, atol=1e-4, rtol=1e-4):
                    failures.append((seed, run))

        fixtures.run_in_threads(work)
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
