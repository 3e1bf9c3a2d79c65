; ModuleID = 'math_transcendental.cl'
source_filename = "math_transcendental.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @math_transcendental(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %5 = getelementptr inbounds float, float addrspace(1)* %0, i64 %4
  %6 = load float, float addrspace(1)* %5, align 4, !tbaa !8
  %7 = getelementptr inbounds float, float addrspace(1)* %1, i64 %4
  %8 = load float, float addrspace(1)* %7, align 4, !tbaa !8
  %9 = shl i64 %4, 3
  %10 = getelementptr inbounds float, float addrspace(1)* %2, i64 %9
  %11 = tail call spir_func float @_Z3sinf(float noundef %6) #2
  store float %11, float addrspace(1)* %10, align 4, !tbaa !8
  %12 = tail call spir_func float @_Z3cosf(float noundef %6) #2
  %13 = getelementptr inbounds float, float addrspace(1)* %10, i64 1
  store float %12, float addrspace(1)* %13, align 4, !tbaa !8
  %14 = tail call spir_func float @_Z3expf(float noundef %8) #2
  %15 = getelementptr inbounds float, float addrspace(1)* %10, i64 2
  store float %14, float addrspace(1)* %15, align 4, !tbaa !8
  %16 = tail call spir_func float @_Z4fabsf(float noundef %6) #2
  %17 = fadd float %16, 1.000000e+00
  %18 = tail call spir_func float @_Z3logf(float noundef %17) #2
  %19 = getelementptr inbounds float, float addrspace(1)* %10, i64 3
  store float %18, float addrspace(1)* %19, align 4, !tbaa !8
  %20 = fadd float %16, 5.000000e-01
  %21 = tail call spir_func float @_Z3powff(float noundef %20, float noundef %8) #2
  %22 = getelementptr inbounds float, float addrspace(1)* %10, i64 4
  store float %21, float addrspace(1)* %22, align 4, !tbaa !8
  %23 = tail call spir_func float @_Z4tanhf(float noundef %6) #2
  %24 = getelementptr inbounds float, float addrspace(1)* %10, i64 5
  store float %23, float addrspace(1)* %24, align 4, !tbaa !8
  %25 = tail call spir_func float @_Z5atan2ff(float noundef %6, float noundef %8) #2
  %26 = getelementptr inbounds float, float addrspace(1)* %10, i64 6
  store float %25, float addrspace(1)* %26, align 4, !tbaa !8
  %27 = tail call spir_func float @_Z4exp2f(float noundef %8) #2
  %28 = tail call spir_func float @_Z4fabsf(float noundef %8) #2
  %29 = fadd float %28, 2.000000e+00
  %30 = tail call spir_func float @_Z4log2f(float noundef %29) #2
  %31 = fadd float %27, %30
  %32 = getelementptr inbounds float, float addrspace(1)* %10, i64 7
  store float %31, float addrspace(1)* %32, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3sinf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3cosf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3expf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3logf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fabsf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3powff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4tanhf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5atan2ff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4exp2f(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4log2f(float noundef) local_unnamed_addr #1

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*"}
!7 = !{!"const", !"const", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
