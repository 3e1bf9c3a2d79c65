#!/usr/bin/env bash
# Rebuild the sub-group kernels:
# * queries.cl, collectives.cl, work_group_reduce.cl: OpenCL C 2.0 with cl_khr_subgroups
#   -> SPIR-V 1.0 (`Groups` capability), validated for OpenCL 2.0;
# * intel_shuffles.cl: the same plus SPV_INTEL_subgroups (OpSubgroupShuffle*INTEL);
# * reqd_size.cl: the same plus cl_intel_required_subgroup_size (SubgroupSize modes);
# * khr_non_uniform.cl: the cl_khr_subgroup_* extensions -> SPIR-V 1.3 (GroupNonUniform*);
# * subgroups.comp: GLSL with GL_KHR_shader_subgroup_* -> Vulkan 1.1 SPIR-V.
# Compile and validation steps from ../spv-tools.sh.
# Needs clang-14, llvm-spirv-14, spirv-val, glslangValidator.
# Usage: tests/kernels/subgroups/build.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val glslangValidator
cl20=(-O2 -cl-std=CL2.0 -Xclang -cl-ext=+cl_khr_subgroups)
for name in queries collectives work_group_reduce; do
    spv_compile_cl "$name.cl" spir64 "$name.spv" "${cl20[@]}"
    spv_validate opencl2.0 "$name.spv"
    echo "  $name.spv"
done

# The extension flags spv_compile_cl does not pass: compiled here, same steps.
compile_ext() { # name, llvm-spirv flags...
    local name="$1"; shift
    local bc="$spv_tmp/$name.bc"
    clang-14 -c -target spir64 "${cl20[@]}" -Xclang \
        -cl-ext=+cl_khr_subgroup_non_uniform_vote,+cl_khr_subgroup_ballot,+cl_khr_subgroup_non_uniform_arithmetic,+cl_khr_subgroup_shuffle,+cl_khr_subgroup_shuffle_relative,+cl_khr_subgroup_clustered_reduce,+cl_khr_subgroup_extended_types,+cl_intel_required_subgroup_size \
        -emit-llvm -o "$bc" "$name.cl"
    llvm-spirv-14 "$@" "$bc" -o "$name.spv"
}
compile_ext intel_shuffles --spirv-max-version=1.0 --spirv-ext=+SPV_INTEL_subgroups
spv_validate opencl2.0 intel_shuffles.spv
echo "  intel_shuffles.spv"
compile_ext reqd_size --spirv-max-version=1.1
spv_validate spv1.1 reqd_size.spv
echo "  reqd_size.spv"
compile_ext khr_non_uniform --spirv-max-version=1.3
spv_validate spv1.3 khr_non_uniform.spv
echo "  khr_non_uniform.spv"

glslangValidator -V --target-env vulkan1.1 -o subgroups.spv subgroups.comp >/dev/null || {
    glslangValidator -V --target-env vulkan1.1 -o subgroups.spv subgroups.comp >&2
    exit 1
}
spv_validate vulkan1.1 subgroups.spv
echo "  subgroups.spv"
