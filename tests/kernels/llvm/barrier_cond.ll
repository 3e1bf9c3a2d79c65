; ModuleID = 'barrier_cond.cl'
source_filename = "barrier_cond.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @barrier_cond(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3, i32 addrspace(3)* nocapture noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %6 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %9 = trunc i64 %8 to i32
  %10 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %11 = shl i64 %10, 32
  %12 = ashr exact i64 %11, 32
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %12
  %14 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !8
  %15 = sext i32 %7 to i64
  %16 = getelementptr inbounds i32, i32 addrspace(3)* %4, i64 %15
  store i32 %14, i32 addrspace(3)* %16, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %17 = icmp sgt i32 %2, 0
  br i1 %17, label %18, label %35

18:                                               ; preds = %5
  %19 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %20 = and i64 %19, 1
  %21 = icmp eq i64 %20, 0
  br i1 %21, label %22, label %35

22:                                               ; preds = %18
  %23 = icmp sgt i32 %3, 0
  br i1 %23, label %24, label %42

24:                                               ; preds = %22
  %25 = add nsw i32 %7, %2
  %26 = srem i32 %25, %9
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds i32, i32 addrspace(3)* %4, i64 %27
  br label %29

29:                                               ; preds = %24, %29
  %30 = phi i32 [ 0, %24 ], [ %33, %29 ]
  %31 = load i32, i32 addrspace(3)* %28, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %32 = add nsw i32 %31, 1
  store i32 %32, i32 addrspace(3)* %16, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %33 = add nuw nsw i32 %30, 1
  %34 = icmp slt i32 %33, %3
  br i1 %34, label %29, label %42

35:                                               ; preds = %18, %5
  %36 = xor i32 %7, -1
  %37 = add i32 %9, %36
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds i32, i32 addrspace(3)* %4, i64 %38
  %40 = load i32, i32 addrspace(3)* %39, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %41 = shl nsw i32 %40, 1
  store i32 %41, i32 addrspace(3)* %16, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br label %42

42:                                               ; preds = %29, %22, %35
  %43 = load i32, i32 addrspace(3)* %16, align 4, !tbaa !8
  %44 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %12
  store i32 %43, i32 addrspace(1)* %44, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 0, i32 0, i32 3}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int", !"int", !"int*"}
!7 = !{!"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
