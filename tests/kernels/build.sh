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
#   // validate-env: <env>   spirv-val target environment instead of opencl1.2 (spirv-val
#                            rejects the Int64Atomics capability under every OpenCL env,
#                            although cl_khr_int64_base_atomics provides it; use spv1.0)
#
# Usage: tests/kernels/build.sh [name...]     (no names: every kernel)
# Needs: clang-14, llvm-spirv-14, spirv-val, spirv-as
#   (Debian/Ubuntu: apt-get install clang-14 llvm-spirv-14 spirv-tools)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

missing=()
for tool in clang-14 llvm-spirv-14 spirv-val spirv-as; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
    echo "build.sh: missing tools: ${missing[*]}" >&2
    echo "install them with: apt-get install clang-14 llvm-spirv-14 spirv-tools" >&2
    exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# directive <file> <name>: the text after `// <name>:` on a leading comment line, or
# "yes" for a bare `// <name>`; empty when absent.
directive() {
    awk -v key="$2" '
        !/^\/\// { exit }
        {
            line = $0; sub(/^\/\/[ \t]*/, "", line)
            if (line == key) { print "yes"; exit }
            if (index(line, key ":") == 1) { sub(/^[^:]*:[ \t]*/, "", line); print line; exit }
        }' "$1"
}

# build <cl> <target> <opt flags...> -> <out>
build_one() {
    local cl="$1" target="$2" out="$3"; shift 3
    local name bc env
    env="$(directive "$cl" validate-env)"
    env="${env:-opencl1.2}"
    name="$(basename "$cl" .cl)"
    bc="$tmp/$name.$target.bc"
    # shellcheck disable=SC2086
    if ! clang-14 -c -target "$target" -cl-std=CL1.2 "$@" -emit-llvm -o "$bc" "$cl"; then
        echo "build.sh: clang-14 failed on $cl (flags: -target $target $*)" >&2
        return 1
    fi
    if ! llvm-spirv-14 --spirv-max-version=1.0 "$bc" -o "$out"; then
        echo "build.sh: llvm-spirv-14 cannot translate $cl (flags: -target $target $*);" \
            "try a '// build-O2: -O1' or '-fno-slp-vectorize' directive" >&2
        rm -f "$out"
        return 1
    fi
    if ! spirv-val --target-env "$env" "$out"; then
        echo "build.sh: $out fails spirv-val (flags: -target $target $*)" >&2
        rm -f "$out"
        return 1
    fi
    echo "  $out  (-target $target $*)"
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
    extra="$(directive "$cl" build-flags)"
    o2="$(directive "$cl" build-O2)"
    o2="${o2:--O2}"
    # shellcheck disable=SC2086
    build_one "$cl" spir64 "$name.O0.spv" -O0 $extra || failed=1
    # shellcheck disable=SC2086
    build_one "$cl" spir64 "$name.O2.spv" $o2 $extra || failed=1
    if [[ -n "$(directive "$cl" build-spir32)" ]]; then
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
        spirv-val --target-env "$env" "$out"
        echo "  $out  (spirv-as --target-env $env)"
    done
fi

exit "$failed"
