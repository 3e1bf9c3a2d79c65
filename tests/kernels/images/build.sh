#!/usr/bin/env bash
# Rebuild the image and printf test kernels: every <name>.cl in this directory (and in
# ../printf when run from there) becomes <name>.O0.spv and <name>.O2.spv, checked with
# spirv-val. Usage: tests/kernels/images/build.sh   (or tests/kernels/printf/build.sh)
# Needs: clang-14, llvm-spirv-14, spirv-val.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for cl in *.cl; do
    name="${cl%.cl}"
    for opt in O0 O2; do
        clang-14 -c -target spir64 -cl-std=CL1.2 "-$opt" -emit-llvm -o "$tmp/$name.bc" "$cl"
        llvm-spirv-14 --spirv-max-version=1.0 "$tmp/$name.bc" -o "$name.$opt.spv"
        spirv-val --target-env opencl1.2 "$name.$opt.spv"
    done
done
