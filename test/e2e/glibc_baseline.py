"""The oldest glibc a model library loads on: every symbol version it
needs (its .gnu.version_r, as binutils' readelf prints it) must be at most
GLIBC_2.28, and it must need no C++ runtime (GLIBCXX, CXXABI, libstdc++).
A library whose runtime binds pthread_create, dlopen, ... to their 2.28
versions must also list libpthread.so.0 and libdl.so.2, where a glibc
before 2.34 defines them (runtime/src/GlibcBaseline.h)."""
import re
import subprocess

BASELINE = (2, 28)
OLD_HOMES = ("libpthread.so.0", "libdl.so.2")


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True,
                          capture_output=True, text=True).stdout


def version_needs(path):
    """{file: set of version names} from the version needs section."""
    needs, current = {}, None
    in_needs = False
    for line in readelf("--version-info", path).splitlines():
        if line.startswith("Version needs section"):
            in_needs = True
            continue
        if line.startswith("Version") and "section" in line:
            in_needs = False
        if not in_needs:
            continue
        file_match = re.search(r"File: (\S+)", line)
        if file_match:
            current = file_match.group(1)
            needs.setdefault(current, set())
        name_match = re.search(r"Name: (\S+)", line)
        if name_match and current:
            needs[current].add(name_match.group(1))
    return needs


def symbols_needing(path, version):
    """Names of the undefined dynamic symbols bound to `version`."""
    names = []
    for line in readelf("--dyn-syms", path).splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[6] == "UND" and fields[7].endswith("@" + version):
            names.append(fields[7].split("@")[0])
    return sorted(names)


def needed(path):
    return set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", readelf("--dynamic", path)))


def glibc_version(name):
    match = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", name)
    return (int(match.group(1)), int(match.group(2))) if match else None


def problems(path):
    """What keeps `path` from loading on glibc 2.28, one line each (none: it loads)."""
    found = []
    for file, versions in sorted(version_needs(path).items()):
        for version in sorted(versions):
            number = glibc_version(version)
            if version.startswith(("GLIBCXX_", "CXXABI_")):
                why = "the C++ runtime's"
            elif number and number > BASELINE:
                why = "newer than GLIBC_%d.%d" % BASELINE
            else:
                continue
            symbols = symbols_needing(path, version)
            listed = ", ".join(symbols[:8]) + (f" and {len(symbols) - 8} more" if len(symbols) > 8 else "")
            found.append(f"needs {version} of {file} ({why}) for {listed or '?'}")
    libraries = needed(path)
    for library in sorted(libraries):
        if library.startswith(("libstdc++", "libc++", "libgcc_s")):
            found.append(f"needs the C++ runtime {library}")
    missing = [name for name in OLD_HOMES if name not in libraries]
    if missing:
        found.append("does not list " + ", ".join(missing) + " as NEEDED: a glibc before "
                     "2.34 defines pthread_create/dlopen there")
    return found


def summary(path):
    """One line: the newest GLIBC version needed and the NEEDED libraries."""
    versions = [v for names in version_needs(path).values() for v in names if glibc_version(v)]
    newest = max(versions, key=glibc_version) if versions else "none"
    return f"newest version needed {newest}; NEEDED {', '.join(sorted(needed(path)))}"
