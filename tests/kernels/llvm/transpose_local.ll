; ModuleID = 'transpose_local.cl'
source_filename = "transpose_local.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@transpose_local.tile = internal unnamed_addr addrspace(3) global [16 x [17 x float]] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @transpose_local(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %6 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #3
  %7 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %8 = shl i64 %7, 4
  %9 = shl i64 %5, 32
  %10 = ashr exact i64 %9, 32
  %11 = add i64 %8, %5
  %12 = trunc i64 %11 to i32
  %13 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #3
  %14 = shl i64 %13, 4
  %15 = shl i64 %6, 32
  %16 = ashr exact i64 %15, 32
  %17 = add i64 %14, %6
  %18 = trunc i64 %17 to i32
  %19 = icmp slt i32 %12, %2
  %20 = icmp slt i32 %18, %3
  %21 = select i1 %19, i1 %20, i1 false
  br i1 %21, label %22, label %29

22:                                               ; preds = %4
  %23 = mul nsw i32 %18, %2
  %24 = add nsw i32 %23, %12
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds float, float addrspace(1)* %0, i64 %25
  %27 = load float, float addrspace(1)* %26, align 4, !tbaa !8
  %28 = getelementptr inbounds [16 x [17 x float]], [16 x [17 x float]] addrspace(3)* @transpose_local.tile, i64 0, i64 %16, i64 %10
  store float %27, float addrspace(3)* %28, align 4, !tbaa !8
  br label %29

29:                                               ; preds = %22, %4
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %30 = add i64 %14, %5
  %31 = trunc i64 %30 to i32
  %32 = add i64 %8, %6
  %33 = trunc i64 %32 to i32
  %34 = icmp slt i32 %31, %3
  %35 = icmp slt i32 %33, %2
  %36 = select i1 %34, i1 %35, i1 false
  br i1 %36, label %37, label %44

37:                                               ; preds = %29
  %38 = getelementptr inbounds [16 x [17 x float]], [16 x [17 x float]] addrspace(3)* @transpose_local.tile, i64 0, i64 %10, i64 %16
  %39 = load float, float addrspace(3)* %38, align 4, !tbaa !8
  %40 = mul nsw i32 %33, %3
  %41 = add nsw i32 %40, %31
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds float, float addrspace(1)* %1, i64 %42
  store float %39, float addrspace(1)* %43, align 4, !tbaa !8
  br label %44

44:                                               ; preds = %37, %29
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { convergent nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"int", !"int"}
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
