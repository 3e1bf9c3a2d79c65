#!/usr/bin/env bash
# Rebuilds every <name>.comp here into <name>.spv (Vulkan 1.1 SPIR-V) and validates it,
# and every images/<name>.comp into images/<name>.spv (Vulkan 1.2).
# A source with a `// parts: N` line is built N times, with -DPART=1..N, into
# <name>_p1.spv .. <name>_pN.spv. Tool check and validation from ../spv-tools.sh.
# Needs glslangValidator (Debian glslang-tools) and spirv-val (spirv-tools).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require glslangValidator spirv-val
env=vulkan1.1
build() { # source, output, extra flags...
    local src="$1" out="$2"; shift 2
    glslangValidator -V --target-env "$env" "$@" -o "$out" "$src" >/dev/null || {
        glslangValidator -V --target-env "$env" "$@" -o "$out" "$src" >&2
        exit 1
    }
    spv_validate "$env" "$out"
}
for src in *.comp images/*.comp; do
    [[ "$src" == images/* ]] && env=vulkan1.2
    name="${src%.comp}"
    parts=$(sed -n 's|^// parts: *\([0-9]*\).*|\1|p' "$src")
    if [[ -n "$parts" ]]; then
        for ((i = 1; i <= parts; i++)); do
            build "$src" "${name}_p$i.spv" "-DPART=$i"
        done
    else
        build "$src" "$name.spv"
    fi
done
