#!/usr/bin/env bash
# Rebuild the safety kernels: safety.cl becomes safety.O0.spv and safety.O2.spv (the
# -O0 build keeps pointers in private variables, so its accesses take the checks of
# pointers of unknown origin). Each module is checked with spirv-val (compile and
# validation steps from ../spv-tools.sh).
# Needs: clang-14, llvm-spirv-14, spirv-val (apt-get install clang-14 llvm-spirv-14 spirv-tools)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val
for opt in O0 O2; do
    spv_compile_cl safety.cl spir64 "safety.$opt.spv" -cl-kernel-arg-info "-$opt"
    spv_validate opencl1.2 "safety.$opt.spv"
    echo "  safety.$opt.spv"
done
