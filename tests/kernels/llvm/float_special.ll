; ModuleID = 'float_special.cl'
source_filename = "float_special.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @float_special(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, i32 addrspace(1)* nocapture noundef writeonly %2, float addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %6 = getelementptr inbounds float, float addrspace(1)* %0, i64 %5
  %7 = load float, float addrspace(1)* %6, align 4, !tbaa !8
  %8 = getelementptr inbounds float, float addrspace(1)* %1, i64 %5
  %9 = load float, float addrspace(1)* %8, align 4, !tbaa !8
  %10 = fcmp olt float %7, %9
  %11 = zext i1 %10 to i32
  %12 = fcmp ole float %7, %9
  %13 = select i1 %12, i32 2, i32 0
  %14 = fcmp ogt float %7, %9
  %15 = select i1 %14, i32 4, i32 0
  %16 = fcmp oge float %7, %9
  %17 = select i1 %16, i32 8, i32 0
  %18 = fcmp oeq float %7, %9
  %19 = select i1 %18, i32 16, i32 0
  %20 = fcmp une float %7, %9
  %21 = select i1 %20, i32 32, i32 0
  %22 = tail call spir_func i32 @_Z5isnanf(float noundef %7) #2
  %23 = shl i32 %22, 6
  %24 = or i32 %13, %11
  %25 = or i32 %24, %15
  %26 = or i32 %25, %17
  %27 = or i32 %26, %19
  %28 = or i32 %27, %21
  %29 = or i32 %28, %23
  %30 = tail call spir_func i32 @_Z5isinff(float noundef %7) #2
  %31 = shl i32 %30, 7
  %32 = tail call spir_func i32 @_Z8isfinitef(float noundef %7) #2
  %33 = shl i32 %32, 8
  %34 = tail call spir_func i32 @_Z7signbitf(float noundef %7) #2
  %35 = shl i32 %34, 9
  %36 = tail call spir_func i32 @_Z9isorderedff(float noundef %7, float noundef %9) #2
  %37 = shl i32 %36, 10
  %38 = tail call spir_func i32 @_Z11isunorderedff(float noundef %7, float noundef %9) #2
  %39 = shl i32 %38, 11
  %40 = select i1 %10, i32 0, i32 4096
  %41 = tail call spir_func i32 @_Z8isnormalf(float noundef %7) #2
  %42 = shl i32 %41, 13
  %43 = or i32 %31, %40
  %44 = or i32 %43, %33
  %45 = or i32 %44, %35
  %46 = or i32 %45, %37
  %47 = or i32 %46, %39
  %48 = or i32 %47, %29
  %49 = or i32 %48, %42
  %50 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %5
  store i32 %49, i32 addrspace(1)* %50, align 4, !tbaa !12
  %51 = mul i64 %5, 6
  %52 = getelementptr inbounds float, float addrspace(1)* %3, i64 %51
  %53 = fmul float %7, %9
  store float %53, float addrspace(1)* %52, align 4, !tbaa !8
  %54 = fdiv float %7, %9, !fpmath !14
  %55 = getelementptr inbounds float, float addrspace(1)* %52, i64 1
  store float %54, float addrspace(1)* %55, align 4, !tbaa !8
  %56 = tail call spir_func float @_Z4fminff(float noundef %7, float noundef %9) #2
  %57 = getelementptr inbounds float, float addrspace(1)* %52, i64 2
  store float %56, float addrspace(1)* %57, align 4, !tbaa !8
  %58 = tail call spir_func float @_Z4fmaxff(float noundef %7, float noundef %9) #2
  %59 = getelementptr inbounds float, float addrspace(1)* %52, i64 3
  store float %58, float addrspace(1)* %59, align 4, !tbaa !8
  %60 = fsub float %7, %7
  %61 = getelementptr inbounds float, float addrspace(1)* %52, i64 4
  store float %60, float addrspace(1)* %61, align 4, !tbaa !8
  %62 = fadd float %7, 0.000000e+00
  %63 = getelementptr inbounds float, float addrspace(1)* %52, i64 5
  store float %62, float addrspace(1)* %63, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z5isnanf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z5isinff(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z8isfinitef(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z7signbitf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z9isorderedff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z11isunorderedff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z8isnormalf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fminff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fmaxff(float noundef, float noundef) local_unnamed_addr #1

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
!6 = !{!"float*", !"float*", !"int*", !"float*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{float 2.500000e+00}
