#!/usr/bin/env bash
# Install what benches/compare.py needs on a fresh Debian/Ubuntu machine:
#   - PoCL, the CPU OpenCL implementation compared against (pocl-opencl-icd), the ICD
#     loader and clinfo;
#   - a C compiler with OpenMP for the STREAM-style triad (benches/stream/triad.c);
#   - clang-14, llvm-spirv-14 and spirv-tools to rebuild benches/kernels/*.spv (optional:
#     the .spv files are committed);
#   - PyOpenCL and NumPy;
#   - the spirjit Python module (release build of this repository; needs Rust >= 1.95),
#     and the release CLI (`cargo build --release`), which compare.py falls back to.
#
# Usage: benches/setup.sh [--no-spirjit]    (run as root or with sudo available)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

sudo=""
if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi

$sudo apt-get update
$sudo apt-get install -y pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev clinfo \
    gcc libgomp1 clang-14 llvm-spirv-14 spirv-tools python3-pip

python3 -m pip install --upgrade pyopencl numpy

if [[ "${1:-}" != "--no-spirjit" ]]; then
    (cd "$root" && cargo build --release && python3 -m pip install .)
fi

echo
echo "OpenCL platforms:"
clinfo -l || true
python3 - <<'PY'
import numpy, pyopencl
print("numpy", numpy.__version__, "pyopencl", pyopencl.VERSION_TEXT)
try:
    import spirjit
    print("spirjit", spirjit.__version__)
except ImportError:
    print("spirjit Python module not installed; compare.py will use target/release/spirjit")
PY
echo "now run: python3 benches/compare.py"
