#!/usr/bin/env bash
# Rebuild the builtin kernels: gen.py writes fmath.cl, imath.cl, misc.cl, hmath.cl (and outputs.rs, the list of
# outputs tests/builtins.rs checks); every <name>.cl here becomes <name>.spv (-O2, 64-bit),
# checked with spirv-val. Needs python3, clang-14, llvm-spirv-14, spirv-val.
# Usage: tests/kernels/builtins/build.sh [name...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
for tool in python3 clang-14 llvm-spirv-14 spirv-val; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build.sh: missing $tool" >&2; exit 1; }
done
python3 gen.py
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if (($#)); then sources=("${@/%/.cl}"); sources=("${sources[@]/.cl.cl/.cl}"); else sources=(*.cl); fi
for cl in "${sources[@]}"; do
    name="$(basename "$cl" .cl)"
    clang-14 -c -target spir64 -cl-std=CL1.2 -O2 -emit-llvm -o "$tmp/$name.bc" "$cl"
    llvm-spirv-14 --spirv-max-version=1.0 "$tmp/$name.bc" -o "$name.spv"
    spirv-val --target-env opencl1.2 "$name.spv"
    echo "  $name.spv"
done
