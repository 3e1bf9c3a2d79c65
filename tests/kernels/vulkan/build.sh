#!/bin/sh
# Rebuilds every <name>.comp here into <name>.spv (Vulkan 1.1 SPIR-V) and validates it.
# A source with a `// parts: N` line is built N times, with -DPART=1..N, into
# <name>_p1.spv .. <name>_pN.spv.
# Needs glslangValidator (Debian glslang-tools) and spirv-val (spirv-tools).
set -eu
cd "$(dirname "$0")"
build() { # source, output, extra flags
    glslangValidator -V --target-env vulkan1.1 $3 -o "$2" "$1" >/dev/null || {
        glslangValidator -V --target-env vulkan1.1 $3 -o "$2" "$1" >&2
        exit 1
    }
    spirv-val --target-env vulkan1.1 "$2"
}
for src in *.comp; do
    name="${src%.comp}"
    parts=$(sed -n 's|^// parts: *\([0-9]*\).*|\1|p' "$src")
    if [ -n "$parts" ]; then
        i=1
        while [ "$i" -le "$parts" ]; do
            build "$src" "${name}_p$i.spv" "-DPART=$i"
            i=$((i + 1))
        done
    else
        build "$src" "$name.spv" ""
    fi
done
