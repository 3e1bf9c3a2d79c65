#!/usr/bin/env bash
# Rebuild the CUDA corpus: every <name>.cu becomes
#   <name>.ll      NVVM IR text from clang-14 (typed pointers),
#   <name>.bc      the same as bitcode,
#   <name>.o.ll    NVVM IR text from clang-19 (opaque pointers), when clang-19 is installed,
# compiled device-only for sm_70 against spirjit's CUDA prelude
# (python/spirjit/cuda_prelude.h), without a CUDA installation:
#   clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70
#         -Xclang -target-feature -Xclang +ptx70 -include cuda_prelude.h -O2 -emit-llvm
# (+ptx70 enables the *_sync warp builtins, which clang ties to the PTX version of a CUDA
# installation it does not have here). Each .ll is checked by llvm-as.
#
# Usage: tests/kernels/cuda/build.sh [name...]     (no names: every kernel)
# Needs: clang-14 and llvm-as-14 (Debian/Ubuntu: apt-get install clang-14 llvm-14);
#        clang-19 for the opaque-pointer variant (optional).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
prelude="$here/../../../python/spirjit/cuda_prelude.h"
for tool in clang-14 llvm-as-14; do
    command -v "$tool" >/dev/null 2>&1 || { echo "error: $tool not found; install clang-14 and llvm-14" >&2; exit 1; }
done
flags=(-x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70
       -Xclang -target-feature -Xclang +ptx70 -include "$prelude" -O2 -emit-llvm)

if [ $# -eq 0 ]; then
    set -- *.cu
fi
for src in "$@"; do
    name="${src%.cu}"
    clang-14 "${flags[@]}" -S "$name.cu" -o "$name.ll"
    clang-14 "${flags[@]}" -c "$name.cu" -o "$name.bc"
    llvm-as-14 "$name.ll" -o /dev/null
    echo "  $name.ll $name.bc  (clang-14)"
    if command -v clang-19 >/dev/null 2>&1; then
        clang-19 "${flags[@]}" -S "$name.cu" -o "$name.o.ll"
        echo "  $name.o.ll  (clang-19, opaque pointers)"
    fi
done
