; ModuleID = 'spmv_csr.cl'
source_filename = "spmv_csr.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @spmv_csr(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef readonly %2, float addrspace(1)* nocapture noundef readonly %3, float addrspace(1)* nocapture noundef writeonly %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = icmp slt i32 %8, %5
  br i1 %9, label %10, label %36

10:                                               ; preds = %6
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %11
  %13 = load i32, i32 addrspace(1)* %12, align 4, !tbaa !8
  %14 = add nsw i32 %8, 1
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %15
  %17 = load i32, i32 addrspace(1)* %16, align 4, !tbaa !8
  %18 = icmp slt i32 %13, %17
  br i1 %18, label %22, label %19

19:                                               ; preds = %22, %10
  %20 = phi float [ 0.000000e+00, %10 ], [ %33, %22 ]
  %21 = getelementptr inbounds float, float addrspace(1)* %4, i64 %11
  store float %20, float addrspace(1)* %21, align 4, !tbaa !12
  br label %36

22:                                               ; preds = %10, %22
  %23 = phi i32 [ %34, %22 ], [ %13, %10 ]
  %24 = phi float [ %33, %22 ], [ 0.000000e+00, %10 ]
  %25 = sext i32 %23 to i64
  %26 = getelementptr inbounds float, float addrspace(1)* %2, i64 %25
  %27 = load float, float addrspace(1)* %26, align 4, !tbaa !12
  %28 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %25
  %29 = load i32, i32 addrspace(1)* %28, align 4, !tbaa !8
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds float, float addrspace(1)* %3, i64 %30
  %32 = load float, float addrspace(1)* %31, align 4, !tbaa !12
  %33 = tail call float @llvm.fmuladd.f32(float %27, float %32, float %24)
  %34 = add nsw i32 %23, 1
  %35 = icmp slt i32 %34, %17
  br i1 %35, label %22, label %19

36:                                               ; preds = %6, %19
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
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"float*", !"float*", !"float*", !"int"}
!7 = !{!"const", !"const", !"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !10, i64 0}
