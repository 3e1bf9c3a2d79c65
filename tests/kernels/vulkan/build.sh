#!/bin/sh
# Rebuilds every <name>.comp here into <name>.spv (Vulkan 1.1 SPIR-V) and validates it.
# Needs glslangValidator (Debian glslang-tools) and spirv-val (spirv-tools).
set -eu
cd "$(dirname "$0")"
for src in *.comp; do
    name="${src%.comp}"
    glslangValidator -V --target-env vulkan1.1 -o "$name.spv" "$src" >/dev/null || {
        glslangValidator -V --target-env vulkan1.1 -o "$name.spv" "$src" >&2
        exit 1
    }
    spirv-val --target-env vulkan1.1 "$name.spv"
done
