#!/usr/bin/env bash
# Build the compile-cost kernels: gen.py writes each OpenCL C source, clang-14 +
# llvm-spirv-14 turn it into SPIR-V (64-bit, SPIR-V 1.0), spirv-val checks it.
#
# Committed (read by tests/compile_budget.rs and by run.py when the tools are missing):
#   intcheck.O1.spv     integer builtins over every type and vector width (-O1, ~360 KB)
#   intcheck64.O1.spv   the same with long/ulong (-O1, ~480 KB)
#   many1000.spv        1,000 small generated kernels
#   inlined.O0.spv      one kernel over a tree of 3,280 small helpers (inlined by spirjit)
#   table.spv           one kernel indexing a 64 KB __constant table
# Built here only (too large to commit; run.py builds them when the tools are present):
#   intcheck.O0/O2, intcheck64.O0/O2, many100, inlined9.O0 (29,524 helpers)
#
# Usage: [OUT=DIR] benches/compile/build.sh [--all]    (OUT: where the .spv go; default here)
# Needs: python3, clang-14, llvm-spirv-14, spirv-val
#   (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14 spirv-tools)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../../tests/kernels/spv-tools.sh
. "$here/../../tests/kernels/spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val

out="${OUT:-$here}"
mkdir -p "$out"

# build <name> <opt> <gen.py arguments...>
build() {
    local name="$1" opt="$2"; shift 2
    local base="${name%%.*}"
    python3 gen.py "$@" > "$spv_tmp/$base.cl"
    spv_compile_cl "$spv_tmp/$base.cl" spir64 "$out/$name.spv" "$opt" -Dcl_khr_int64
    spv_validate opencl1.2 "$out/$name.spv"
    echo "  $name.spv  ($(wc -c < "$out/$name.spv") bytes, $opt)"
}

build intcheck.O1 -O1 intcheck
build intcheck64.O1 -O1 intcheck --int64
build many1000 -O2 many --count 1000
build inlined.O0 -O0 inlined --depth 7 --fanout 3
build table -O2 table --size 65536
if [ "${1:-}" = "--all" ]; then
    build intcheck.O0 -O0 intcheck
    build intcheck.O2 -O2 intcheck
    build intcheck64.O0 -O0 intcheck --int64
    build intcheck64.O2 -O2 intcheck --int64
    build many100 -O2 many --count 100
    build inlined9.O0 -O0 inlined --depth 9 --fanout 3
fi
