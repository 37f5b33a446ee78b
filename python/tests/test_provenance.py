"""What a library records about its making (C ABI 1.3, pt2c.h
"Provenance"): Model.metadata against the compiler's --version, the
archive's own torch version and SHA-256, and pt2c.inspect of the library,
which reads the same pairs from the file. No numpy needed."""
import hashlib
import os
import re
import subprocess
import unittest

import fixtures
import pt2c

PROVENANCE_KEYS = ["pt2c.version", "pt2c.commit", "pt2c.llvm_version", "pt2c.torch_version",
                   "pt2c.archive_sha256", "pt2c.compile_options"]
USER = {"owner": "team vision", "build.id": "run=42"}


class ProvenanceTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.archive, _ = fixtures.archive("mlp")
        cls.path = pt2c.compile(cls.archive, os.path.join(fixtures.WORK, "mlp.provenance.so"),
                                metadata=USER)
        cls.model = pt2c.load(cls.path)

    def test_keys_in_order_then_the_users(self):
        self.assertEqual(list(self.model.metadata), PROVENANCE_KEYS + list(USER))
        for key, value in USER.items():
            self.assertEqual(self.model.metadata[key], value)

    def test_versions_are_the_compilers(self):
        compiler = os.environ.get("PT2C_COMPILER", "pt2c")
        version = subprocess.run([compiler, "--version"], check=True, capture_output=True,
                                 text=True).stdout
        match = re.match(r"pt2c (\S+) \(commit (\S+)\), LLVM (\S+),", version)
        self.assertIsNotNone(match, version)
        metadata = self.model.metadata
        self.assertEqual((metadata["pt2c.version"], metadata["pt2c.commit"],
                          metadata["pt2c.llvm_version"]), match.groups())

    def test_archive_hash_and_torch_version(self):
        with open(self.archive, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()
        self.assertEqual(self.model.metadata["pt2c.archive_sha256"], digest)
        self.assertEqual(self.model.metadata["pt2c.torch_version"],
                         pt2c.inspect(self.archive)["torch_version"])
        self.assertEqual(self.model.metadata["pt2c.compile_options"],
                         self.model.compile_options)

    def test_inspect_reads_the_same_pairs_from_the_file(self):
        report = pt2c.inspect(self.path)
        self.assertEqual(report, {"library": self.path, "metadata": self.model.metadata})

    def test_a_reserved_key_is_refused(self):
        with self.assertRaises(pt2c.CompileError) as caught:
            pt2c.compile(self.archive, os.path.join(fixtures.WORK, "never.so"),
                         metadata={"pt2c.version": "9"})
        self.assertEqual(caught.exception.returncode, 2)
        self.assertIn("--metadata 'pt2c.version=9'", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
