#!/usr/bin/env bash
# Rebuild the type-qualifier kernel: qualifiers.cl becomes
#   qualifiers.O0.spv, qualifiers.O2.spv  llvm-spirv-14 as is: `restrict` is written as
#                                         FuncParamAttr NoAlias, `volatile` as Volatile,
#                                         `const` not at all
#   qualifiers.strings.spv                -O2 with --preserve-ocl-kernel-arg-type-metadata-
#                                         through-string: kernel_arg_type_qual as OpString
#   qualifiers.ll, qualifiers.bc          clang-14's LLVM IR (-O2), with !kernel_arg_type_qual
#   noalias.bc                            llvm-as-14 of the hand-written noalias.ll
# Each SPIR-V module is checked with spirv-val (steps from ../spv-tools.sh).
# Needs: clang-14, llvm-spirv-14, llvm-as-14, spirv-val
#   (apt-get install clang-14 llvm-spirv-14 llvm-14 spirv-tools)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
# shellcheck source=../spv-tools.sh
. "$here/../spv-tools.sh"
spv_require clang-14 llvm-spirv-14 spirv-val
for opt in O0 O2; do
    spv_compile_cl qualifiers.cl spir64 "qualifiers.$opt.spv" -cl-kernel-arg-info "-$opt"
    spv_validate opencl1.2 "qualifiers.$opt.spv"
    echo "  qualifiers.$opt.spv"
done
spv_llvm_spirv_flags=--preserve-ocl-kernel-arg-type-metadata-through-string
spv_compile_cl qualifiers.cl spir64 qualifiers.strings.spv -cl-kernel-arg-info -O2
spv_validate opencl1.2 qualifiers.strings.spv
echo "  qualifiers.strings.spv"
clang-14 -target spir64 -cl-std=CL1.2 -cl-kernel-arg-info -O2 -S -emit-llvm -o qualifiers.ll qualifiers.cl
clang-14 -target spir64 -cl-std=CL1.2 -cl-kernel-arg-info -O2 -c -emit-llvm -o qualifiers.bc qualifiers.cl
echo "  qualifiers.ll, qualifiers.bc"
llvm-as-14 -o noalias.bc noalias.ll
echo "  noalias.bc"
