#!/usr/bin/env bash
# Build the benchmark kernels: every <name>.cl becomes <name>.spv (64-bit, SPIR-V 1.0),
# checked with spirv-val. The .spv files are committed, so running the benchmarks does
# not need these tools.
#
# Per-kernel directive, read from the leading `//` comment lines of a .cl file:
#   // build: <flags>    clang optimisation flags instead of `-O2` (e.g. `-O1`, or
#                        `-O2 -fno-slp-vectorize`) for kernels llvm-spirv-14 cannot
#                        translate at plain -O2
#
# Usage: benches/kernels/build.sh [name...]     (no names: every kernel)
# Needs: clang-14, llvm-spirv-14, spirv-val
#   (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14 spirv-tools)
# The tool check, compile and validation steps come from tests/kernels/spv-tools.sh.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
spv_hint="try a '// build: -O1' directive"
# shellcheck source=../../tests/kernels/spv-tools.sh
. "$here/../../tests/kernels/spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val

spv_sources "$@"
failed=0
for cl in "${sources[@]}"; do
    name="$(basename "$cl" .cl)"
    flags="$(spv_directive "$cl" build)"
    flags="${flags:--O2}"
    # shellcheck disable=SC2086
    if spv_compile_cl "$cl" spir64 "$name.spv" $flags && spv_validate opencl1.2 "$name.spv"; then
        echo "  $name.spv  ($flags)"
    else
        failed=1
    fi
done
exit "$failed"
