"""Suite files: a Python file defining ``CASES`` (a list of :class:`Case`), a TOML file
with one ``[[case]]`` table per case, or a folder holding such files (every ``*.toml``
and ``*.py`` in it, in name order). Relative paths (kernel files, ``@FILE.npy`` inputs)
are resolved against the suite file's folder.

A TOML case::

    [[case]]
    name = "vadd"                    # the label (default: the kernel name)
    file = "kernels/vadd.cl"         # .cl, .spv (OpenCL or Vulkan) or .cu
    kernel = "vadd"
    global = 1048576                 # or [1024, 1024] or "1024,1024"
    local = 256                      # optional
    args = ["f32[1048576]=rand:1", "f32[1048576]=rand:2", "f32[1048576]=zeros", "i32=1048576"]
    outputs = [2]                    # optional: default every buffer
    bytes = 12582912                 # per launch, for GB/s and the roofline
    flops = 1048576
    rtol = 0.0                       # tolerance of the cross-check (0: exact)
    atol = 0.0
    options = ""                     # build options of .cl / .cu sources

This module reads files into cases; it must not run kernels or look for devices.
"""

import os
import runpy

from ._case import Case
from ._spec import parse_args, parse_size

__all__ = ["load_cases", "case_from_table"]

_KEYS = {"name", "file", "source", "kernel", "global", "local", "args", "outputs", "bytes", "flops", "rtol", "atol",
         "options", "spirv", "opencl", "cuda"}


def case_from_table(t, folder=None, where="case"):
    """A :class:`Case` from a dict with the keys of a TOML ``[[case]]`` table."""
    if not isinstance(t, dict):
        raise ValueError(f"{where}: a case is a table, got {type(t).__name__}")
    unknown = sorted(set(t) - _KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {', '.join(unknown)}; a case takes {', '.join(sorted(_KEYS))}")
    for key in ("kernel", "global"):
        if key not in t:
            raise ValueError(f"{where}: `{key}` is missing")
    source = t.get("file", t.get("source"))
    if source is None:
        raise ValueError(f"{where}: `file` (the kernel file) is missing")
    args = t.get("args", [])
    if not isinstance(args, list):
        raise ValueError(f"{where}: `args` is a list of SPEC strings like \"f32[1024]=rand:1\"")
    folder = folder or os.getcwd()
    path = lambda p: p if p is None or os.path.isabs(p) else os.path.join(folder, p)  # noqa: E731
    case = Case(path(source), str(t["kernel"]), parse_size(t["global"]),
                None if t.get("local") is None else parse_size(t["local"]),
                args=parse_args([str(a) for a in args], folder), outputs=t.get("outputs"),
                bytes=float(t.get("bytes", 0)), flops=float(t.get("flops", 0)), rtol=float(t.get("rtol", 0)),
                atol=float(t.get("atol", 0)), name=t.get("name"), options=str(t.get("options", "")),
                spirv=path(t.get("spirv")), opencl=path(t.get("opencl")), cuda=path(t.get("cuda")))
    return case


def _toml(path):
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        try:
            import tomli as tomllib
        except ImportError:
            raise ValueError(f"{path}: reading TOML needs Python 3.11 or `pip install tomli`") from None
    with open(path, "rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{path}: {e}") from None
    tables = data.get("case")
    if not isinstance(tables, list) or not tables:
        raise ValueError(f"{path} has no [[case]] tables")
    folder = os.path.dirname(os.path.abspath(path))
    out = []
    for i, t in enumerate(tables):
        where = f"{path}: case {i + 1}" + (f" ({t['name']})" if isinstance(t, dict) and "name" in t else "")
        out.append(case_from_table(t, folder, where))
    return out


def _python(path):
    ns = runpy.run_path(os.fspath(path), run_name="__spirjit_bench__")
    cases = ns.get("CASES")
    if cases is None:
        raise ValueError(f"{path} defines no CASES (a list of spirjit.bench.Case)")
    folder = os.path.dirname(os.path.abspath(path))
    out = []
    for c in cases:
        if not isinstance(c, Case):
            raise ValueError(f"{path}: CASES holds {type(c).__name__}, not spirjit.bench.Case")
        c.resolve(folder)
        out.append(c)
    return out


def load_cases(path):
    """The cases of a suite: a ``.py`` file (its ``CASES``), a ``.toml`` file (its
    ``[[case]]`` tables) or a folder (every ``*.toml`` and ``*.py`` file in it)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        files = sorted(f for f in os.listdir(path) if f.endswith((".toml", ".py")) and not f.startswith("_"))
        if not files:
            raise ValueError(f"{path} holds no *.toml or *.py suite files")
        return [c for f in files for c in load_cases(os.path.join(path, f))]
    if not os.path.exists(path):
        raise ValueError(f"no suite file {path}")
    if path.endswith(".toml"):
        return _toml(path)
    if path.endswith(".py"):
        return _python(path)
    raise ValueError(f"{path}: a suite file is .toml or .py")
