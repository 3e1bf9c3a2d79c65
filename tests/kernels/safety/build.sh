#!/usr/bin/env bash
# Rebuild the safety kernels: safety.cl becomes safety.O0.spv and safety.O2.spv (the
# -O0 build keeps pointers in private variables, so its accesses take the checks of
# pointers of unknown origin). Each module is checked with spirv-val.
# Needs: clang-14, llvm-spirv-14, spirv-val (apt-get install clang-14 llvm-spirv-14 spirv-tools)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for opt in O0 O2; do
    clang-14 -c -target spir64 -cl-std=CL1.2 -cl-kernel-arg-info "-$opt" -emit-llvm -o "$tmp/safety.$opt.bc" safety.cl
    llvm-spirv-14 --spirv-max-version=1.0 "$tmp/safety.$opt.bc" -o "safety.$opt.spv"
    spirv-val --target-env opencl1.2 "safety.$opt.spv"
    echo "  safety.$opt.spv"
done
