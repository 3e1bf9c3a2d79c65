; ModuleID = 'reduce_sum.cl'
source_filename = "reduce_sum.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @reduce_sum(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2, i32 addrspace(3)* nocapture noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = icmp ult i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = and i64 %7, 4294967295
  %12 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %11
  %13 = load i32, i32 addrspace(1)* %12, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %4 ]
  %16 = and i64 %5, 4294967295
  %17 = getelementptr inbounds i32, i32 addrspace(3)* %3, i64 %16
  store i32 %15, i32 addrspace(3)* %17, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %18 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %19 = lshr i64 %18, 1
  %20 = trunc i64 %19 to i32
  %21 = icmp eq i32 %20, 0
  br i1 %21, label %22, label %24

22:                                               ; preds = %34, %14
  %23 = icmp eq i32 %6, 0
  br i1 %23, label %37, label %41

24:                                               ; preds = %14, %34
  %25 = phi i32 [ %35, %34 ], [ %20, %14 ]
  %26 = icmp ugt i32 %25, %6
  br i1 %26, label %27, label %34

27:                                               ; preds = %24
  %28 = add i32 %25, %6
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds i32, i32 addrspace(3)* %3, i64 %29
  %31 = load i32, i32 addrspace(3)* %30, align 4, !tbaa !8
  %32 = load i32, i32 addrspace(3)* %17, align 4, !tbaa !8
  %33 = add nsw i32 %32, %31
  store i32 %33, i32 addrspace(3)* %17, align 4, !tbaa !8
  br label %34

34:                                               ; preds = %27, %24
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %35 = lshr i32 %25, 1
  %36 = icmp ult i32 %25, 2
  br i1 %36, label %22, label %24

37:                                               ; preds = %22
  %38 = load i32, i32 addrspace(3)* %3, align 4, !tbaa !8
  %39 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %40 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %39
  store i32 %38, i32 addrspace(1)* %40, align 4, !tbaa !8
  br label %41

41:                                               ; preds = %37, %22
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 0, i32 3}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"uint", !"int*"}
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
