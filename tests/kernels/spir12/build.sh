#!/usr/bin/env bash
# Rebuild the SPIR-V references of the SPIR 1.2 conformance kernels: every `NAME.cl` in
# ../shared/corpora/opencl-cts-spir12/<folder>/ (beside the project's root) compiled by
# clang-14 + llvm-spirv-14, written to <folder>/NAME.spv32 and NAME.spv64 here (for
# the `.bc32` and `.bc64` bitcode of the same source). tests/spir12_cts.rs runs each
# bitcode kernel and its reference on the same inputs and compares the results.
#
# `-cl-kernel-arg-info` and llvm-spirv's `--preserve-ocl-kernel-arg-type-metadata-through-string`
# keep argument names, type names (signedness) and qualifiers, as the SPIR 1.2 bitcode has
# them, so that both builds give the same signatures.
# Kernels clang-14 cannot compile are listed in `unbuildable.txt` with clang's message.
# Usage: tests/kernels/spir12/build.sh   (needs clang-14 and llvm-spirv-14)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="${SPIRJIT_CTS_SPIR12:-$here/../../../../shared/corpora/opencl-cts-spir12}"
[ -d "$corpus" ] || { echo "no corpus at $corpus (set SPIRJIT_CTS_SPIR12)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
: > "$here/unbuildable.txt"
for cl in "$corpus"/*/*.cl; do
  folder="$(basename "$(dirname "$cl")")"; name="$(basename "$cl" .cl)"
  mkdir -p "$here/$folder"
  for bits in 32 64; do
    target=spir; [ $bits = 64 ] && target=spir64
    if clang-14 -c -target $target -cl-std=CL1.2 -O0 -cl-kernel-arg-info -Xclang -finclude-default-header \
         -emit-llvm "$cl" -o "$tmp/k.bc" 2> "$tmp/err" \
       && llvm-spirv-14 --spirv-max-version=1.0 --preserve-ocl-kernel-arg-type-metadata-through-string "$tmp/k.bc" -o "$here/$folder/$name.spv$bits" 2>> "$tmp/err"; then
      :
    else
      echo "$folder/$name.cl ($target): $(head -c 300 "$tmp/err" | tr '\n' ' ')" >> "$here/unbuildable.txt"
    fi
  done
done
echo "built $(find "$here" -name '*.spv*' | wc -l) modules; $(wc -l < "$here/unbuildable.txt") failures"
