; A kernel without OpenCL argument metadata whose first pointer is `noalias` (what
; `restrict` becomes in LLVM IR that carries no !kernel_arg_type_qual, e.g. CUDA's
; `__restrict__`). Written by hand; noalias.bc is its llvm-as-14 build (build.sh).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @copy(float addrspace(1)* noalias %out, float addrspace(1)* %in) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr inbounds float, float addrspace(1)* %in, i64 %i
  %x = load float, float addrspace(1)* %src, align 4
  %dst = getelementptr inbounds float, float addrspace(1)* %out, i64 %i
  store float %x, float addrspace(1)* %dst, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
