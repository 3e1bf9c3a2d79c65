#!/usr/bin/env bash
# Rebuilds every <name>.comp here and in images/ into <name>.spv (Vulkan 1.1 SPIR-V here,
# 1.2 in images/, unless a leading
# `// env: vulkanX.Y` line names another target; `// flags: ...` adds glslangValidator
# flags, `// val: ...` spirv-val flags) and validates it. A source with a `// parts: N`
# line is built N times, with -DPART=1..N, into <name>_p1.spv .. <name>_pN.spv. Every asm/<name>.spvasm is
# assembled into asm/<name>.spv for the target its leading `; env: vulkanX.Y` line
# names (vulkan1.2 when none) and validated for it. Tool check and validation from
# ../spv-tools.sh. Needs glslangValidator (Debian glslang-tools), spirv-as and spirv-val
# (spirv-tools).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require glslangValidator spirv-val spirv-as
build() { # source, output, target env, extra flags...
    local src="$1" out="$2" env="$3"; shift 3
    glslangValidator -V --target-env "$env" "$@" -o "$out" "$src" >/dev/null || {
        glslangValidator -V --target-env "$env" "$@" -o "$out" "$src" >&2
        exit 1
    }
    # shellcheck disable=SC2207
    local val=($(sed -n 's|^// val: *\(.*\)$|\1|p' "$src"))
    spv_validate "$env" "$out" "${val[@]}"
}
for src in *.comp images/*.comp; do
    name="${src%.comp}"
    parts=$(sed -n 's|^// parts: *\([0-9]*\).*|\1|p' "$src")
    env=$(sed -n 's|^// env: *\([a-z0-9.]*\).*|\1|p' "$src")
    if [[ "$src" == images/* ]]; then env="${env:-vulkan1.2}"; else env="${env:-vulkan1.1}"; fi
    # shellcheck disable=SC2207
    flags=($(sed -n 's|^// flags: *\(.*\)$|\1|p' "$src"))
    if [[ -n "$parts" ]]; then
        for ((i = 1; i <= parts; i++)); do
            build "$src" "${name}_p$i.spv" "$env" "${flags[@]}" "-DPART=$i"
        done
    else
        build "$src" "$name.spv" "$env" "${flags[@]}"
    fi
done
for src in asm/*.spvasm; do
    out="${src%.spvasm}.spv"
    env=$(sed -n 's|^; env: *\([a-z0-9.]*\).*|\1|p' "$src")
    env="${env:-vulkan1.2}"
    spirv-as --target-env "$env" -o "$out" "$src"
    spv_validate "$env" "$out"
done
