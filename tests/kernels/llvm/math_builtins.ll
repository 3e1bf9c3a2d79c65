; ModuleID = 'math_builtins.cl'
source_filename = "math_builtins.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @math_builtins(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef readonly %2, float addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %6 = getelementptr inbounds float, float addrspace(1)* %0, i64 %5
  %7 = load float, float addrspace(1)* %6, align 4, !tbaa !8
  %8 = getelementptr inbounds float, float addrspace(1)* %1, i64 %5
  %9 = load float, float addrspace(1)* %8, align 4, !tbaa !8
  %10 = getelementptr inbounds float, float addrspace(1)* %2, i64 %5
  %11 = load float, float addrspace(1)* %10, align 4, !tbaa !8
  %12 = mul i64 %5, 13
  %13 = getelementptr inbounds float, float addrspace(1)* %3, i64 %12
  %14 = tail call spir_func float @_Z4fabsf(float noundef %7) #2
  store float %14, float addrspace(1)* %13, align 4, !tbaa !8
  %15 = tail call spir_func float @_Z4fminff(float noundef %7, float noundef %9) #2
  %16 = getelementptr inbounds float, float addrspace(1)* %13, i64 1
  store float %15, float addrspace(1)* %16, align 4, !tbaa !8
  %17 = tail call spir_func float @_Z4fmaxff(float noundef %7, float noundef %9) #2
  %18 = getelementptr inbounds float, float addrspace(1)* %13, i64 2
  store float %17, float addrspace(1)* %18, align 4, !tbaa !8
  %19 = tail call spir_func float @_Z4sqrtf(float noundef %14) #2
  %20 = getelementptr inbounds float, float addrspace(1)* %13, i64 3
  store float %19, float addrspace(1)* %20, align 4, !tbaa !8
  %21 = tail call spir_func float @_Z5floorf(float noundef %7) #2
  %22 = getelementptr inbounds float, float addrspace(1)* %13, i64 4
  store float %21, float addrspace(1)* %22, align 4, !tbaa !8
  %23 = tail call spir_func float @_Z4ceilf(float noundef %7) #2
  %24 = getelementptr inbounds float, float addrspace(1)* %13, i64 5
  store float %23, float addrspace(1)* %24, align 4, !tbaa !8
  %25 = tail call spir_func float @_Z3fmafff(float noundef %7, float noundef %9, float noundef %11) #2
  %26 = getelementptr inbounds float, float addrspace(1)* %13, i64 6
  store float %25, float addrspace(1)* %26, align 4, !tbaa !8
  %27 = tail call spir_func float @_Z3madfff(float noundef %7, float noundef %9, float noundef %11) #2
  %28 = getelementptr inbounds float, float addrspace(1)* %13, i64 7
  store float %27, float addrspace(1)* %28, align 4, !tbaa !8
  %29 = tail call spir_func float @_Z5clampfff(float noundef %7, float noundef -1.000000e+00, float noundef 1.000000e+00) #2
  %30 = getelementptr inbounds float, float addrspace(1)* %13, i64 8
  store float %29, float addrspace(1)* %30, align 4, !tbaa !8
  %31 = tail call spir_func float @_Z5truncf(float noundef %9) #2
  %32 = getelementptr inbounds float, float addrspace(1)* %13, i64 9
  store float %31, float addrspace(1)* %32, align 4, !tbaa !8
  %33 = tail call spir_func float @_Z4rintf(float noundef %9) #2
  %34 = getelementptr inbounds float, float addrspace(1)* %13, i64 10
  store float %33, float addrspace(1)* %34, align 4, !tbaa !8
  %35 = tail call spir_func float @_Z5roundf(float noundef %9) #2
  %36 = getelementptr inbounds float, float addrspace(1)* %13, i64 11
  store float %35, float addrspace(1)* %36, align 4, !tbaa !8
  %37 = tail call spir_func float @_Z8copysignff(float noundef %11, float noundef %7) #2
  %38 = getelementptr inbounds float, float addrspace(1)* %13, i64 12
  store float %37, float addrspace(1)* %38, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fabsf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fminff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fmaxff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4sqrtf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5floorf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4ceilf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3fmafff(float noundef, float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z3madfff(float noundef, float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5clampfff(float noundef, float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5truncf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4rintf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5roundf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z8copysignff(float noundef, float noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"float*"}
!7 = !{!"const", !"const", !"const", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
