; ModuleID = 'err_barrier_divergent.cl'
source_filename = "err_barrier_divergent.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@err_barrier_divergent.tmp = internal unnamed_addr addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @err_barrier_divergent(i32 addrspace(1)* nocapture noundef writeonly %0) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %2 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %3 = trunc i64 %2 to i32
  %4 = sext i32 %3 to i64
  %5 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @err_barrier_divergent.tmp, i64 0, i64 %4
  store i32 %3, i32 addrspace(3)* %5, align 4, !tbaa !8
  %6 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = sdiv i32 %7, 2
  %9 = icmp sgt i32 %8, %3
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %9, label %10, label %15

10:                                               ; preds = %1
  %11 = add nsw i32 %3, 1
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @err_barrier_divergent.tmp, i64 0, i64 %12
  %14 = load i32, i32 addrspace(3)* %13, align 4, !tbaa !8
  br label %21

15:                                               ; preds = %1
  %16 = add nsw i32 %3, -1
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @err_barrier_divergent.tmp, i64 0, i64 %17
  %19 = load i32, i32 addrspace(3)* %18, align 4, !tbaa !8
  %20 = sub nsw i32 0, %19
  br label %21

21:                                               ; preds = %15, %10
  %22 = phi i32 [ %20, %15 ], [ %14, %10 ]
  %23 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %24 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %23
  store i32 %22, i32 addrspace(1)* %24, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1}
!5 = !{!"none"}
!6 = !{!"int*"}
!7 = !{!""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
