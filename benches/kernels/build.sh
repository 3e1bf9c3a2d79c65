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
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

missing=()
for tool in clang-14 llvm-spirv-14 spirv-val; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
    echo "build.sh: missing tools: ${missing[*]}" >&2
    echo "install them with: apt-get install clang-14 llvm-spirv-14 spirv-tools" >&2
    exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The flags after a leading `// build:` comment line, or -O2.
flags_of() {
    local f
    f="$(awk '!/^\/\// { exit } /^\/\/[ \t]*build:/ { sub(/^\/\/[ \t]*build:[ \t]*/, ""); print; exit }' "$1")"
    echo "${f:--O2}"
}

if (($#)); then
    sources=()
    for n in "$@"; do sources+=("${n%.cl}.cl"); done
else
    sources=(*.cl)
fi

failed=0
for cl in "${sources[@]}"; do
    name="$(basename "$cl" .cl)"
    flags="$(flags_of "$cl")"
    # shellcheck disable=SC2086
    if ! clang-14 -c -target spir64 -cl-std=CL1.2 $flags -emit-llvm -o "$tmp/$name.bc" "$cl"; then
        echo "build.sh: clang-14 failed on $cl ($flags)" >&2
        failed=1
        continue
    fi
    if ! llvm-spirv-14 --spirv-max-version=1.0 "$tmp/$name.bc" -o "$name.spv"; then
        echo "build.sh: llvm-spirv-14 cannot translate $cl ($flags); try a '// build: -O1' directive" >&2
        rm -f "$name.spv"
        failed=1
        continue
    fi
    if ! spirv-val --target-env opencl1.2 "$name.spv"; then
        echo "build.sh: $name.spv fails spirv-val ($flags)" >&2
        rm -f "$name.spv"
        failed=1
        continue
    fi
    echo "  $name.spv  ($flags)"
done
exit "$failed"
