; ModuleID = 'matmul_naive.cl'
source_filename = "matmul_naive.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @matmul_naive(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %10 = trunc i64 %9 to i32
  %11 = icmp slt i32 %10, %3
  %12 = icmp slt i32 %8, %4
  %13 = select i1 %11, i1 %12, i1 false
  br i1 %13, label %14, label %39

14:                                               ; preds = %6
  %15 = icmp sgt i32 %5, 0
  br i1 %15, label %16, label %18

16:                                               ; preds = %14
  %17 = mul nsw i32 %10, %5
  br label %24

18:                                               ; preds = %24, %14
  %19 = phi float [ 0.000000e+00, %14 ], [ %36, %24 ]
  %20 = mul nsw i32 %10, %4
  %21 = add nsw i32 %20, %8
  %22 = sext i32 %21 to i64
  %23 = getelementptr inbounds float, float addrspace(1)* %2, i64 %22
  store float %19, float addrspace(1)* %23, align 4, !tbaa !8
  br label %39

24:                                               ; preds = %16, %24
  %25 = phi i32 [ 0, %16 ], [ %37, %24 ]
  %26 = phi float [ 0.000000e+00, %16 ], [ %36, %24 ]
  %27 = add nsw i32 %25, %17
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds float, float addrspace(1)* %0, i64 %28
  %30 = load float, float addrspace(1)* %29, align 4, !tbaa !8
  %31 = mul nsw i32 %25, %4
  %32 = add nsw i32 %31, %8
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, float addrspace(1)* %1, i64 %33
  %35 = load float, float addrspace(1)* %34, align 4, !tbaa !8
  %36 = tail call float @llvm.fmuladd.f32(float %30, float %35, float %26)
  %37 = add nuw nsw i32 %25, 1
  %38 = icmp slt i32 %37, %5
  br i1 %38, label %24, label %18

39:                                               ; preds = %6, %18
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
!4 = !{i32 1, i32 1, i32 1, i32 0, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"int", !"int", !"int"}
!7 = !{!"const", !"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
