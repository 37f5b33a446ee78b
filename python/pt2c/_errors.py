"""The exceptions of the package."""
import enum


class Status(enum.IntEnum):
    """The C ABI's status codes (pt2c_code in include/pt2c/pt2c.h); the
    numbers are part of the ABI."""

    OK = 0
    INVALID_ARGUMENT = 1
    SHAPE_MISMATCH = 2
    UNSUPPORTED = 3
    OUT_OF_MEMORY = 4
    DEVICE_ERROR = 5
    INTERNAL = 6


class Error(RuntimeError):
    """A failure to load, create or run a model.

    `status` is the ABI's code (a `Status`, or a plain int for a code newer
    than this package) and `message` the library's one-line message. The
    package's own refusals, made before the library is called (a tensor it
    cannot pass, a bfloat16 output numpy cannot hold), use the same codes.
    """

    def __init__(self, status, message):
        try:
            status = Status(status)
        except ValueError:
            pass  # a code appended to the ABI after this package was written
        super().__init__(status, message)  # both, so that it pickles
        self.status = status
        self.message = message

    def __str__(self):
        name = self.status.name if isinstance(self.status, Status) else "code"
        return f"{self.message} [{name} {int(self.status)}]"


class CompileError(RuntimeError):
    """`pt2c` (the compiler) failed or could not be started.

    `returncode` is its exit code (1 a check failed, 2 bad input or usage,
    3 an internal error; None when it could not be started), `stderr` what
    it printed there and `command` the command line that ran."""

    def __init__(self, message, returncode=None, stderr="", command=()):
        super().__init__(message, returncode, stderr, command)  # all, so that it pickles
        self.message = message
        self.returncode = returncode
        self.stderr = stderr
        self.command = list(command)

    def __str__(self):
        return self.message
