#!/usr/bin/env bash
# Rebuild the kernel corpus: every <name>.cl becomes <name>.O0.spv and <name>.O2.spv
# (and <name>.spir32.spv for kernels marked `// build-spir32`), every asm/<name>.spvasm
# becomes asm/<name>.spv. Each module is checked with spirv-val.
#
# Per-kernel directives, read from the leading `//` comment lines of a .cl file:
#   // build-O2: <flags>     flags used instead of `-O2` for the .O2 variant
#                            (e.g. `-O1`, or `-O2 -fno-slp-vectorize`), for kernels that
#                            llvm-spirv-14 cannot translate at plain -O2
#   // build-spir32          also build a 32-bit (`-target spir`, Physical32) variant at -O2
#                            (with the same flags as the .O2 variant)
#   // build-flags: <flags>  extra clang flags for every variant
#   // llvm-spirv-flags: <flags>  extra llvm-spirv-14 flags (e.g. the SPIR-V extensions a
#                            kernel needs: --spirv-ext=+SPV_EXT_shader_atomic_float_add)
#   // validate-env: <env>   spirv-val target environment instead of opencl1.2 (spirv-val
#                            rejects the Int64Atomics capability under every OpenCL env,
#                            although cl_khr_int64_base_atomics provides it; use spv1.0)
#
# Usage: tests/kernels/build.sh [name...]     (no names: every kernel)
# Needs: clang-14, llvm-spirv-14, spirv-val, spirv-as
#   (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14 spirv-tools)
# The tool check, compile and validation steps live in spv-tools.sh, shared with the
# other build.sh scripts of the fixtures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
spv_hint="try a '// build-O2: -O1' or '-fno-slp-vectorize' directive"
# shellcheck source=spv-tools.sh
. "$here/spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val spirv-as

# build_one <cl> <target> <out> <opt flags...>
build_one() {
    local cl="$1" target="$2" out="$3"; shift 3
    local env
    env="$(spv_directive "$cl" validate-env)"
    spv_llvm_spirv_flags="$(spv_directive "$cl" llvm-spirv-flags)"
    spv_compile_cl "$cl" "$target" "$out" "$@" || return 1
    spv_validate "${env:-opencl1.2}" "$out" || return 1
    echo "  $out  (-target $target $*)"
}

spv_sources "$@"
failed=0
for cl in "${sources[@]}"; do
    name="$(basename "$cl" .cl)"
    extra="$(spv_directive "$cl" build-flags)"
    o2="$(spv_directive "$cl" build-O2)"
    o2="${o2:--O2}"
    # shellcheck disable=SC2086
    build_one "$cl" spir64 "$name.O0.spv" -O0 $extra || failed=1
    # shellcheck disable=SC2086
    build_one "$cl" spir64 "$name.O2.spv" $o2 $extra || failed=1
    if [[ -n "$(spv_directive "$cl" build-spir32)" ]]; then
        # shellcheck disable=SC2086
        build_one "$cl" spir "$name.spir32.spv" $o2 $extra || failed=1
    fi
done

if ! (($#)); then
    for asm in asm/*.spvasm; do
        [[ -e "$asm" ]] || continue
        out="${asm%.spvasm}.spv"
        env=vulkan1.1
        spirv-as --target-env "$env" "$asm" -o "$out"
        spv_validate "$env" "$out"
        echo "  $out  (spirv-as --target-env $env)"
    done
fi

exit "$failed"
