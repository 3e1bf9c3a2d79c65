#!/usr/bin/env bash
# Rebuild the LLVM IR builds of the OpenCL kernel corpus: every ../<name>.cl becomes
# <name>.ll (text) and <name>.bc (bitcode), compiled by clang-14 for spir64 at the
# optimization level of its SPIR-V build (<name>.O2.spv: `-O2`, or the kernel's
# `// build-O2:` directive), with its `// build-flags:` directive. tests/llvm.rs runs each
# against its SPIR-V build.
#
# Usage: tests/kernels/llvm/build.sh [name...]     (no names: every kernel)
# Needs: clang-14
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$(dirname "$here")"
command -v clang-14 >/dev/null || { echo "build.sh: clang-14 is not installed" >&2; exit 1; }

directive() { # directive <cl> <name>: the value of a leading `// <name>:` comment line
    sed -n "/^\/\//!q; s/^\/\/ *$2: *//p" "$1" | head -n 1
}

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for cl in "$src"/*.cl; do names+=("$(basename "$cl" .cl)"); done
fi
# Compile from the corpus folder by relative name, so that the outputs do not name the
# checkout's location.
cd "$src"
status=0
for name in "${names[@]}"; do
    cl="$name.cl"
    opt="$(directive "$cl" build-O2)"
    flags="$(directive "$cl" build-flags)"
    # shellcheck disable=SC2086
    if clang-14 -S -target spir64 -cl-std=CL1.2 ${opt:--O2} $flags -emit-llvm -o "$here/$name.ll" "$cl" &&
        clang-14 -c -target spir64 -cl-std=CL1.2 ${opt:--O2} $flags -emit-llvm -o "$here/$name.bc" "$cl"; then
        echo "  $name.ll $name.bc  (${opt:--O2} $flags)"
    else
        echo "build.sh: clang-14 failed on $cl" >&2
        status=1
    fi
done
exit $status
