#!/usr/bin/env bash
# Rebuild the builtin kernels: gen.py writes fmath.cl, imath.cl, misc.cl, hmath.cl (and outputs.rs, the list of
# outputs tests/builtins.rs checks); every <name>.cl here becomes <name>.spv (-O2, 64-bit),
# checked with spirv-val (compile and validation steps from ../spv-tools.sh).
# Needs python3, clang-14, llvm-spirv-14, spirv-val.
# Usage: tests/kernels/builtins/build.sh [name...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require python3 clang-14 llvm-spirv-14 spirv-val
python3 gen.py
spv_sources "$@"
for cl in "${sources[@]}"; do
    name="$(basename "$cl" .cl)"
    spv_compile_cl "$cl" spir64 "$name.spv" -O2
    spv_validate opencl1.2 "$name.spv"
    echo "  $name.spv"
done
