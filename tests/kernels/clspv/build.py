#!/usr/bin/env python3
"""Rebuild the clspv corpus: every OpenCL C kernel of tests/kernels/*.cl (the llvm-spirv
corpus) compiled by clspv (the compiler of clvk, OpenCL C -> Vulkan SPIR-V with
NonSemantic.ClspvReflection) into tests/kernels/clspv/<name>.spv, each checked with
`spirv-val --target-env vulkan1.0`. Kernels clspv rejects are listed with clspv's
reason in README.md here (the list between the markers is rewritten by this script).

clspv runs in-process through the `pyclspv` package (pip install pyclspv); its C entry
point `clspvCompileFromSourcesString` is called with ctypes so that options can be
given (pyclspv.compile takes none). Each kernel is compiled in a child process, as
clspv keeps its option state between calls.

Options: every kernel gets BASE_FLAGS plus the flags of its `// build-flags:` line
(e.g. -cl-std=CL2.0); FLAGS_BY_KERNEL adds options that exercise the other ways clspv
passes arguments (POD buffers, clustered PODs, push-constant offsets and sizes).

Usage: tests/kernels/clspv/build.py [name...]      (no names: every kernel)
"""

import ctypes
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)

BASE_FLAGS = "-cl-kernel-arg-info -global-offset"
FLAGS_BY_KERNEL = {
    # PODs in a uniform buffer instead of push constants.
    "box3d": "-pod-ubo",
    "value_args": "-pod-ubo -cluster-pod-kernel-args",
    # PODs clustered into one struct in the push constants.
    "saxpy": "-cluster-pod-kernel-args",
    "mandelbrot": "-cluster-pod-kernel-args",
    # The global offset as a push constant rather than specialization constants.
    "offsets": "-global-offset-push-constant",
    "workitem": "-global-offset-push-constant",
    # Module constants in a storage buffer.
    "constant_table": "-module-constants-in-storage-buffer",
    # Vectors of 8 and 16 elements.
    "vec16": "-long-vector",
    "vec_int8": "-long-vector",
}

README_BEGIN = "<!-- rejected: begin (written by build.py) -->"
README_END = "<!-- rejected: end -->"


def compile_one(src_path, out_path, flags):
    """Compile in this process (the child) and write the module; exit 1 with the log."""
    import pyclspv

    lib = ctypes.CDLL(pyclspv.__file__)
    fn = lib.clspvCompileFromSourcesString
    fn.restype = ctypes.c_int
    src = open(src_path, "rb").read()
    progs = (ctypes.c_char_p * 1)(src)
    sizes = (ctypes.c_size_t * 1)(len(src))
    out = ctypes.c_void_p()
    size = ctypes.c_size_t()
    log = ctypes.c_char_p()
    ret = fn(ctypes.c_size_t(1), sizes, progs, flags.encode(), ctypes.byref(out), ctypes.byref(size), ctypes.byref(log))
    text = log.value.decode(errors="replace") if log.value else ""
    if ret != 0 or not out.value:
        sys.stderr.write(text)
        sys.exit(1)
    with open(out_path, "wb") as f:
        f.write(ctypes.string_at(out, size.value))


def directive(source, key):
    for line in source.splitlines():
        if not line.startswith("//"):
            break
        m = re.match(r"//\s*" + re.escape(key) + r":\s*(.*)", line)
        if m:
            return m.group(1).strip()
    return ""


def first_error(log):
    missing = re.search(r"^declare .*@(_Z\w+)\(", log, re.M)
    if missing:
        return f"its builtin library has no `{missing.group(1)}` (left undefined)"
    for line in log.splitlines():
        if "error" in line:
            return re.sub(r"^\S*source:\d+:\d+: ", "", line.strip())
    lines = [l for l in log.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "clspv failed without a message"


def build(name):
    """Build one kernel; None on success, else the reason."""
    cl = os.path.join(CORPUS, name + ".cl")
    source = open(cl).read()
    extra = " ".join(f for f in directive(source, "build-flags").split() if f.startswith(("-cl-std", "-D")))
    if "-cl-std=CL2.0" in extra or "-cl-std=CL3.0" in extra:
        # As clvk does: clspv needs its entry points inlined for the generic address space.
        extra += " -inline-entry-points"
    flags = " ".join(f for f in (BASE_FLAGS, extra, FLAGS_BY_KERNEL.get(name, "")) if f)
    out = os.path.join(HERE, name + ".spv")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_out = os.path.join(tmp, name + ".spv")
        child = subprocess.run(
            [sys.executable, __file__, "--one", cl, tmp_out, flags], capture_output=True, text=True
        )
        if child.returncode != 0:
            return "clspv: " + first_error(child.stderr)
        val = subprocess.run(["spirv-val", "--target-env", "vulkan1.0", tmp_out], capture_output=True, text=True)
        if val.returncode != 0:
            return "spirv-val: " + first_error(val.stdout + val.stderr)
        os.replace(tmp_out, out)
    print(f"  {os.path.relpath(out, CORPUS)}  ({flags})")
    return None


def write_readme(rejected):
    path = os.path.join(HERE, "README.md")
    text = open(path).read() if os.path.exists(path) else README_BEGIN + "\n" + README_END + "\n"
    head, rest = text.split(README_BEGIN, 1)
    _, tail = rest.split(README_END, 1)
    rows = "".join(f"| `{n}` | {r.replace('|', '/')} |\n" for n, r in sorted(rejected.items()))
    table = "| kernel | why |\n|---|---|\n" + rows if rows else "None: clspv compiles every kernel.\n"
    open(path, "w").write(head + README_BEGIN + "\n" + table + README_END + tail)


def main(argv):
    if argv[:1] == ["--one"]:
        compile_one(*argv[1:4])
        return 0
    names = argv or sorted(f[:-3] for f in os.listdir(CORPUS) if f.endswith(".cl"))
    rejected = {}
    for name in names:
        reason = build(name)
        if reason:
            rejected[name] = reason
            stale = os.path.join(HERE, name + ".spv")
            if os.path.exists(stale):
                os.remove(stale)
            print(f"  {name}: rejected: {reason}")
    if not argv:
        write_readme(rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
