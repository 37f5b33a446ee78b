#!/usr/bin/env python3
"""Checks that every file reference in the repository's text resolves inside it.

usage: check_references.py [REPO_ROOT]      (default: the folder above tools/)

Comments, docs and scripts point readers at other files of the project
("docs/runtime.md", "lib/Codegen/CPU/CPUPipeline.cpp", "design.md §2"). A
reference to a file that was never committed, or that moved, sends the
reader nowhere, so ctest runs this ("reference check"). What is checked, in
every text file git tracks or would track (`git ls-files --cached
--others --exclude-standard`; a walk of the tree without git):

- repo-rooted paths: a word starting with one of the repository's own
  top-level folders ("docs/", "lib/", "test/", ...) must name a file or
  folder; a glob ("src/Cuda*.c" style) or a placeholder such as
  "test/data/NAME.io.npz" must match at least one;
- bare Markdown file names ("design.md"): next to the citing file, at the
  repository root or in docs/;
- relative paths ("../x", "./x") and Markdown links "[text](x)": from the
  citing file's folder (and, for "./x", from the root, where the Makefile
  and CI run);
- paths of a development machine ("/work/..."), which no clone has.

URLs are skipped. Build outputs (build/, build-sanitized/) are not a
top-level folder of the repository, so "build/bin/pt2c" is not checked.
Exits 1 naming file:line and the reference for each one that does not
resolve. Standard library only: CI runs it before anything is installed.
"""
import fnmatch
import os
import re
import subprocess
import sys

# References that are meant not to resolve, each with why. Keep it short:
# every entry is a place where the checker cannot tell intent from text.
ALLOWED = {
    # (file, reference): why
    # The usage line of the serving example names the library `make run`
    # builds under build/ (not a folder of the repository).
    ("examples/serve/serve.cpp", "../../build/example.so"): "built by `make run`",
    # Its README runs the library its Makefile compiles next to it.
    ("examples/serve/README.md", "./mlp.so"): "built by the example's Makefile",
}

# Paths of the layout `cmake --install` makes under its prefix
# (cmake/Pt2cInstall.cmake), which docs, comments and the install test name
# as "lib/pt2c/..." or, from an installed binary, "../lib/pt2c": the
# repository's lib/ has no such folders, so they cannot mean it.
INSTALL_LAYOUT = ("lib/pt2c", "lib/cmake", "lib/pkgconfig")

# Files not checked at all, each with why.
SKIPPED = {
    "tools/check_references.py": "its own text quotes examples of references, good and bad",
}

# Text files are recognized by content (no NUL byte in the first block);
# files with these suffixes (archives, arrays, objects) are skipped unread.
BINARY_SUFFIXES = (".pt2", ".npz", ".npy", ".pyc", ".so", ".a", ".o", ".png", ".zip")

URL = re.compile(r"\b(?:https?|ftp|file)://\S+|\bwww\.\S+")
# A path component: letters, digits and the punctuation file names here use,
# glob characters and brace alternatives ("Prim{Base,ShapeOps}.td"). A
# reference ends at the first character outside it (quotes, parentheses,
# backticks, spaces, ':' of file:line, a '§').
COMPONENT = r"(?:[\w.+*?-]|\{[\w.,+*-]*\})+"
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`[^`]*`")
BARE_MARKDOWN = re.compile(r"(?<![\w./-])([\w-]+\.md)\b")
RELATIVE = re.compile(r"(?<![\w./-])(\.\.?/(?:" + COMPONENT + r"/?)+)")
MACHINE_PATH = re.compile(r"(?<![\w.-])(/work/\S*)")
# The words usage lines put where a name goes ("test/data/NAME.io.npz"), as
# a whole component or its stem. A fixed list: any upper-case stem would let
# a missing "docs/README.md" pass as "docs/*.md".
PLACEHOLDER = re.compile(r"^(?:NAME|FAMILY|MODEL|CASE|DIR|OUT|OUTDIR)(?=\.|$)")


def tracked_files(root):
    """Repo-relative paths of the files git tracks or would track (new files
    not yet added count, ignored ones such as build/ do not), or of every
    file when the tree is not a git checkout."""
    try:
        listed = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], capture_output=True,
                                check=True).stdout.decode().split("\0")
        return sorted(path for path in listed if path)
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")
                       and d != "__pycache__"]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files]
        return sorted(found)


def read_text(path):
    """The file's text; None for a binary file or one deleted from the tree."""
    if path.endswith(BINARY_SUFFIXES) or not os.path.isfile(path):
        return None
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def strip_reference(text):
    """The path of a reference without what commonly trails it in prose: a
    '#anchor', a sentence's '.' or ',' and a closing quote or bracket."""
    text = text.split("#", 1)[0]
    return text.rstrip(".,;:'\"`)]}")


def expand_braces(path):
    """"a{b,c}d" -> ["abd", "acd"], for every brace group."""
    match = re.search(r"\{([^{}]*)\}", path)
    if not match:
        return [path]
    head, tail = path[:match.start()], path[match.end():]
    return [expanded for choice in match.group(1).split(",")
            for expanded in expand_braces(head + choice + tail)]


def exists(root, path):
    """True when `path` (relative to `root`) names a file or folder of the
    repository. Also accepted: every alternative of a brace group existing;
    a glob or a placeholder stem ("NAME.io.npz", "MODEL.so", PLACEHOLDER)
    matching at least one; a path without its extension naming a file that
    has one ("lib/Import/ArgumentConversion" for its .h and .cpp)."""
    if "{" in path:
        return all(exists(root, choice) for choice in expand_braces(path))
    full = os.path.normpath(os.path.join(root, path))
    if not (full == root or full.startswith(root + os.sep)):
        return False  # outside the repository
    if os.path.exists(full):
        return True
    parts = path.split("/")
    pattern = [PLACEHOLDER.sub("*", part) for part in parts]
    if pattern != parts or any(c in path for c in "*?"):
        return glob_matches(root, pattern)
    return glob_matches(root, parts[:-1] + [parts[-1] + ".*"])


def glob_matches(root, parts):
    """Whether the components (fnmatch patterns) match an existing path."""
    candidates = [root]
    for part in parts:
        if part in ("", "."):
            continue
        following = []
        for folder in candidates:
            if part == "..":
                following.append(os.path.dirname(folder))
            elif os.path.isdir(folder):
                following += [os.path.join(folder, name) for name in os.listdir(folder)
                              if fnmatch.fnmatchcase(name, part)]
        candidates = following
    return bool(candidates)


class Checker:
    def __init__(self, root, files):
        self.root = root
        self.files = files
        tops = {path.split("/", 1)[0] for path in files if "/" in path}
        names = "|".join(re.escape(t) for t in sorted(tops))
        # A word starting with a top-level folder and a slash: not preceded by
        # a path character, so "/usr/lib/x" and "torch/lib/x" are not ours.
        self.rooted = re.compile(r"(?<![\w./$-])((?:" + names + r")/(?:" + COMPONENT + r"/?)*)")
        self.problems = []
        self.reported = set()

    def report(self, path, line, reference, why):
        """Records a problem once per reference and line (two rules may find
        the same one: a Markdown link is also a relative path)."""
        key = (path, line, reference)
        installed = reference
        while installed.startswith("../"):
            installed = installed[3:]
        if any(installed == top or installed.startswith(top + "/") for top in INSTALL_LAYOUT):
            return
        if (path, reference) not in ALLOWED and key not in self.reported:
            self.reported.add(key)
            self.problems.append(f"{path}:{line}: '{reference}' {why}")

    def check_file(self, path):
        if path in SKIPPED:
            return
        text = read_text(os.path.join(self.root, path))
        if text is None:
            return
        folder = os.path.dirname(path)
        markdown = path.endswith(".md")
        in_code_block = False
        for number, line in enumerate(text.splitlines(), 1):
            line = URL.sub(" ", line)
            if markdown and line.lstrip().startswith("```"):
                in_code_block = not in_code_block
            # "[a](b)" is a link only in Markdown prose, not in code.
            prose = markdown and not in_code_block
            self.check_line(path, folder, number, line, CODE_SPAN.sub("", line) if prose else "")

    def check_line(self, path, folder, number, line, prose):
        rooted_spans = []
        for match in self.rooted.finditer(line):
            rooted_spans.append(match.span(1))
            reference = strip_reference(match.group(1))
            if not exists(self.root, reference):
                self.report(path, number, reference, "is not a file or folder of the repository")
        for match in MARKDOWN_LINK.finditer(prose):
            target = strip_reference(match.group(1))
            if not target or target.startswith(("mailto:", "#")):
                continue
            if not exists(self.root, os.path.join(folder, target)):
                self.report(path, number, target,
                            "(a Markdown link) does not resolve from " + (folder or "the root"))
        for match in RELATIVE.finditer(line):
            reference = strip_reference(match.group(1))
            bases = [folder, ""] if reference.startswith("./") else [folder]
            if not any(exists(self.root, os.path.join(base, reference)) for base in bases):
                self.report(path, number, reference,
                            "does not resolve from " + (folder or "the root"))
        for match in BARE_MARKDOWN.finditer(line):
            if any(start <= match.start(1) < end for start, end in rooted_spans):
                continue  # the end of a rooted path, checked above
            name = match.group(1)
            if not any(exists(self.root, os.path.join(base, name)) for base in (folder, "", "docs")):
                self.report(path, number, name, "is not next to the file, at the root or in docs/")
        for match in MACHINE_PATH.finditer(line):
            self.report(path, number, strip_reference(match.group(1)),
                        "is a path of a development machine, not of the repository")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1
                           else os.path.join(os.path.dirname(__file__), ".."))
    files = tracked_files(root)
    checker = Checker(root, files)
    for path in files:
        checker.check_file(path)
    for problem in checker.problems:
        print(problem)
    if checker.problems:
        print(f"{len(checker.problems)} references do not resolve inside {root}")
        return 1
    print(f"every reference resolves ({len(files)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
