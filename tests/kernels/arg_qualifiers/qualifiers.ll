; ModuleID = 'qualifiers.cl'
source_filename = "qualifiers.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @qualifiers(float addrspace(1)* noalias nocapture noundef writeonly %0, i32 addrspace(1)* noundef %1, float addrspace(1)* nocapture noundef readonly %2, float addrspace(2)* nocapture noundef readonly %3, float addrspace(1)* noalias noundef %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 !kernel_arg_name !8 {
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = sext i32 %5 to i64
  %9 = icmp ult i64 %7, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %6
  %11 = getelementptr inbounds float, float addrspace(1)* %2, i64 %7
  %12 = load float, float addrspace(1)* %11, align 4, !tbaa !9
  %13 = load float, float addrspace(2)* %3, align 4, !tbaa !9
  %14 = getelementptr inbounds float, float addrspace(1)* %4, i64 %7
  %15 = load volatile float, float addrspace(1)* %14, align 4, !tbaa !9
  %16 = tail call float @llvm.fmuladd.f32(float %12, float %13, float %15)
  %17 = getelementptr inbounds float, float addrspace(1)* %0, i64 %7
  store float %16, float addrspace(1)* %17, align 4, !tbaa !9
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %7
  store volatile i32 1, i32 addrspace(1)* %18, align 4, !tbaa !13
  br label %19

19:                                               ; preds = %10, %6
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #2

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 2, i32 1, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"int*", !"float*", !"float*", !"float*", !"int"}
!7 = !{!"restrict", !"volatile", !"const", !"const", !"restrict const volatile", !""}
!8 = !{!"out", !"flags", !"in", !"scale", !"both", !"n"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !11, i64 0}
