"""Relative source paths in the stack traces of exported programs.

torch.export records each node's Python stack in node.meta["stack_trace"]
(`File "/abs/path.py", line 48, in forward`), and torch.export.save writes
it into the archive as the node's `stack_trace` metadata. pt2c shows the
innermost frame outside torch in its messages (lib/Archive/NodeSource.cpp),
so archives committed to the repository would carry the folders of
whichever machine exported them. The project's exporters
(tools/export_fixtures.py, tools/export_op_corpus.py, bench/cuda_gemm.py)
call relativize_program before saving and check_archive on the written
archive afterwards.

A path becomes:
- under the repository: relative to its root ("tools/fixture_models.py");
- under an entry of Python's search path (site-packages, the standard
  library, PYTHONPATH): from that entry's own name, and for site-packages
  or dist-packages from the Python version folder above it, so an
  installed package reads "python3.12/site-packages/torch/nn/modules/
  linear.py", whose "/site-packages/torch/" and "/torch/nn/" NodeSource.cpp
  uses to tell torch's frames from the user's;
- anything else absolute: its file name alone.
Already relative paths ("torch/fx/passes/runtime_assert.py", "<string>")
are kept.

The string functions need only the standard library; relativize_program
needs torch (it walks the program's fx graphs).
"""
import json
import os
import re
import site
import sys
import zipfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One frame of a Python traceback as torch formats it.
FRAME = re.compile(r'File "([^"\n]+)", line (\d+)')


def python_search_paths():
    """The folders Python imports from (absolute, normalized)."""
    paths = [p for p in sys.path if p and os.path.isabs(p)]
    try:
        paths += site.getsitepackages()
    except AttributeError:  # some virtualenv versions lack it
        pass
    user_site = getattr(site, "USER_SITE", None)
    if user_site:
        paths.append(user_site)
    # "/" would contain every file and keep its whole path.
    return sorted({os.path.normpath(p) for p in paths} - {os.sep})


def _under(path, folder):
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def relative_path(path, repo_root=REPO_ROOT, search_paths=None):
    """`path` as the archive should record it (see the module docstring)."""
    if not os.path.isabs(path):
        return path
    path = os.path.normpath(path)
    repo_root = os.path.normpath(repo_root)
    if _under(path, repo_root):
        return os.path.relpath(path, repo_root).replace(os.sep, "/")
    entries = python_search_paths() if search_paths is None else search_paths
    containing = [e for e in entries if _under(path, e)]
    if containing:
        entry = max(containing, key=len)  # the innermost: site-packages, not /usr
        # Keep the entry's name, and for a package folder the Python version
        # above it: "python3.12/site-packages/...", never the machine's own
        # folders (a home directory on PYTHONPATH gives just "src/...").
        base = os.path.dirname(entry)
        if os.path.basename(entry) in ("site-packages", "dist-packages"):
            base = os.path.dirname(base)
        return os.path.relpath(path, base).replace(os.sep, "/")
    return os.path.basename(path)


def relative_stack_trace(text, repo_root=REPO_ROOT, search_paths=None):
    """The stack trace with every frame's path made relative."""
    def replace(match):
        return 'File "%s", line %s' % (relative_path(match.group(1), repo_root, search_paths),
                                       match.group(2))
    return FRAME.sub(replace, text)


def relativize_program(program, repo_root=REPO_ROOT):
    """Rewrites the stack traces of every node of an ExportedProgram, its
    higher-order ops' subgraphs included (they are submodules of its graph
    module), in place. Returns how many traces changed."""
    import torch.fx

    changed = 0
    for module in program.graph_module.modules():
        if not isinstance(module, torch.fx.GraphModule):
            continue
        for node in module.graph.nodes:
            trace = node.meta.get("stack_trace")
            if isinstance(trace, str):
                relative = relative_stack_trace(trace, repo_root)
                if relative != trace:
                    node.meta["stack_trace"] = relative
                    changed += 1
    return changed


def _stack_traces(value):
    """Every `stack_trace` string of a parsed models/<m>.json."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "stack_trace" and isinstance(item, str):
                yield item
            else:
                yield from _stack_traces(item)
    elif isinstance(value, list):
        for item in value:
            yield from _stack_traces(item)


def absolute_frames(archive_path):
    """(entry, path) for every frame of a saved archive whose path is still
    absolute: empty when relativize_program did its job."""
    found = []
    with zipfile.ZipFile(archive_path) as archive:
        for name in archive.namelist():
            folder, _, file = name.rpartition("/")
            if not (folder.endswith("models") and file.endswith(".json")):
                continue
            for trace in _stack_traces(json.loads(archive.read(name))):
                found += [(name, m.group(1)) for m in FRAME.finditer(trace)
                          if os.path.isabs(m.group(1))]
    return found


def check_archive(archive_path):
    """Raises when the saved archive still names a machine's folders."""
    frames = absolute_frames(archive_path)
    if frames:
        shown = ", ".join(sorted({path for _, path in frames})[:5])
        raise RuntimeError(f"{archive_path}: {len(frames)} stack-trace frames still have "
                           f"absolute paths ({shown}); torch may record stack traces "
                           "somewhere relativize_program does not rewrite")
