#!/usr/bin/env bash
# Rebuild the committed SPIR-V of the examples: every <name>.cl here becomes <name>.spv,
# with the same commands spirjit.Program.from_opencl uses (compile step from
# ../../tests/kernels/spv-tools.sh).
# Needs clang-14 and llvm-spirv-14 (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../../tests/kernels/spv-tools.sh
. "$here/../../tests/kernels/spv-tools.sh"
spv_require clang-14 llvm-spirv-14
for cl in *.cl; do
    name="${cl%.cl}"
    spv_compile_cl "$cl" spir64 "$name.spv" -O2 -fno-discard-value-names -cl-kernel-arg-info
    echo "built $name.spv"
done
