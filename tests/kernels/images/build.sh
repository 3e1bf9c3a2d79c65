#!/usr/bin/env bash
# Rebuild the image and sampler test kernels: every <name>.cl in this directory becomes
# <name>.O0.spv and <name>.O2.spv, checked with spirv-val (compile and validation steps
# from ../spv-tools.sh). Usage: tests/kernels/images/build.sh
# Needs: clang-14, llvm-spirv-14, spirv-val (apt-get install clang-14 llvm-spirv-14 spirv-tools).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val
for cl in *.cl; do
    name="${cl%.cl}"
    for opt in O0 O2; do
        spv_compile_cl "$cl" spir64 "$name.$opt.spv" "-$opt"
        spv_validate opencl1.2 "$name.$opt.spv"
    done
done
