#!/usr/bin/env bash
# Rebuild the LLVM IR of these kernels: <name>.ll (clang-14 text, typed pointers),
# <name>.bc (clang-14 bitcode), <name>.o.ll (clang-19 text, opaque pointers; when
# clang-19 is installed), all OpenCL C 2.0 for spir64 at -O2.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
flags=(-cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -finclude-default-header -O2)
for src in *.cl; do
    name="${src%.cl}"
    clang-14 "${flags[@]}" -emit-llvm -o "$name.ll" "$src"
    clang-14 "${flags[@]}" -emit-llvm-bc -o "$name.bc" "$src"
    if command -v clang-19 >/dev/null 2>&1; then
        clang-19 "${flags[@]}" -emit-llvm -o "$name.o.ll" "$src"
    fi
    echo "  $name.ll $name.bc $name.o.ll"
done
