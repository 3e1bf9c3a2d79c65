#!/usr/bin/env bash
# Rebuild the inputs of the golden tests (tests/golden.rs):
# * NAME.cl -> NAME.spv: OpenCL C at -O2 for spir64 (another level from a leading
#   `// build-opt: -O1` comment, where LLVM's -O2 output is not valid SPIR-V; extra clang
#   flags from `// build-flags: ...`), validated for OpenCL 1.2 (2.0 with build-flags);
# * errors/NAME.spvasm -> errors/NAME.spv: SPIR-V assembly, not validated (these modules
#   are wrong on purpose); errors/bad_magic.spv, truncated_*.spv: cut from consecutive.spv.
# Needs clang-14, llvm-spirv-14, spirv-val, spirv-as (`apt-get install clang-14
# llvm-spirv-14 spirv-tools`). Then `SPIRJIT_BLESS=1 cargo test --test golden` updates
# the expected files.
# Usage: tests/golden/build.sh [NAME...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../kernels/spv-tools.sh
. "$here/../kernels/spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val spirv-as
spv_sources "$@"
failed=0
for cl in "${sources[@]}"; do
    name="${cl%.cl}"
    # shellcheck disable=SC2206
    extra=($(spv_directive "$cl" build-flags))
    opt="$(spv_directive "$cl" build-opt)"
    env=opencl1.2
    ((${#extra[@]})) && env=opencl2.0
    if spv_compile_cl "$cl" spir64 "$name.spv" "${opt:--O2}" "${extra[@]}" && spv_validate "$env" "$name.spv"; then
        echo "  $name.spv"
    else
        failed=1
    fi
done
if (($# == 0)); then
    # Broken binaries, cut from consecutive.spv: a zeroed magic number, a length that is
    # not whole words, an instruction cut off by the end of the module.
    { printf '\0\0\0\0'; tail -c +5 consecutive.spv; } >errors/bad_magic.spv
    head -c 42 consecutive.spv >errors/truncated_words.spv
    head -c 60 consecutive.spv >errors/truncated_instruction.spv
    for asm in errors/*.spvasm; do
        [[ -e "$asm" ]] || continue
        spirv-as --target-env spv1.0 "$asm" -o "${asm%.spvasm}.spv" && echo "  ${asm%.spvasm}.spv" || failed=1
    done
fi
exit $failed
