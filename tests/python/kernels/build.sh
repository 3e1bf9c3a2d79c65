#!/usr/bin/env bash
# Rebuild the committed SPIR-V of the Python binding tests: every <name>.cl here becomes <name>.spv,
# with the same commands spirjit.Program.from_opencl uses.
# Needs clang-14 and llvm-spirv-14 (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for cl in *.cl; do
    name="${cl%.cl}"
    clang-14 -c -target spir64 -cl-std=CL1.2 -O2 -fno-discard-value-names -cl-kernel-arg-info \
        -emit-llvm -o "$tmp/$name.bc" "$cl"
    llvm-spirv-14 --spirv-max-version=1.0 "$tmp/$name.bc" -o "$name.spv"
    echo "built $name.spv"
done
