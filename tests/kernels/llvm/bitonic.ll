; ModuleID = 'bitonic.cl'
source_filename = "bitonic.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @bitonic_step(i32 addrspace(1)* nocapture noundef %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %5 = trunc i64 %4 to i32
  %6 = xor i32 %5, %1
  %7 = icmp ugt i32 %6, %5
  br i1 %7, label %8, label %20

8:                                                ; preds = %3
  %9 = and i64 %4, 4294967295
  %10 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %9
  %11 = load i32, i32 addrspace(1)* %10, align 4, !tbaa !8
  %12 = zext i32 %6 to i64
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %12
  %14 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !8
  %15 = and i32 %5, %2
  %16 = icmp eq i32 %15, 0
  %17 = icmp sle i32 %11, %14
  %18 = xor i1 %16, %17
  br i1 %18, label %19, label %20

19:                                               ; preds = %8
  store i32 %14, i32 addrspace(1)* %10, align 4, !tbaa !8
  store i32 %11, i32 addrspace(1)* %13, align 4, !tbaa !8
  br label %20

20:                                               ; preds = %8, %19, %3
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @bitonic_local(i32 addrspace(1)* nocapture noundef %0, i32 addrspace(3)* nocapture noundef %1) local_unnamed_addr #2 !kernel_arg_addr_space !12 !kernel_arg_access_qual !13 !kernel_arg_type !14 !kernel_arg_base_type !14 !kernel_arg_type_qual !15 {
  %3 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %4 = trunc i64 %3 to i32
  %5 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %6 = trunc i64 %5 to i32
  %7 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #4
  %8 = and i64 %5, 4294967295
  %9 = mul i64 %7, %8
  %10 = trunc i64 %9 to i32
  %11 = add i32 %10, %4
  %12 = zext i32 %11 to i64
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %12
  %14 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !8
  %15 = and i64 %3, 4294967295
  %16 = getelementptr inbounds i32, i32 addrspace(3)* %1, i64 %15
  store i32 %14, i32 addrspace(3)* %16, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %17 = icmp ult i32 %6, 2
  br i1 %17, label %24, label %18

18:                                               ; preds = %2, %26
  %19 = phi i32 [ %27, %26 ], [ 2, %2 ]
  %20 = icmp eq i32 %19, 0
  br i1 %20, label %26, label %21

21:                                               ; preds = %18
  %22 = and i32 %19, %4
  %23 = icmp eq i32 %22, 0
  br label %29

24:                                               ; preds = %26, %2
  %25 = load i32, i32 addrspace(3)* %16, align 4, !tbaa !8
  store i32 %25, i32 addrspace(1)* %13, align 4, !tbaa !8
  ret void

26:                                               ; preds = %42, %18
  %27 = shl i32 %19, 1
  %28 = icmp ugt i32 %27, %6
  br i1 %28, label %24, label %18

29:                                               ; preds = %21, %42
  %30 = phi i32 [ %19, %21 ], [ %31, %42 ]
  %31 = lshr i32 %30, 1
  %32 = xor i32 %31, %4
  %33 = icmp ugt i32 %32, %4
  br i1 %33, label %34, label %42

34:                                               ; preds = %29
  %35 = load i32, i32 addrspace(3)* %16, align 4, !tbaa !8
  %36 = zext i32 %32 to i64
  %37 = getelementptr inbounds i32, i32 addrspace(3)* %1, i64 %36
  %38 = load i32, i32 addrspace(3)* %37, align 4, !tbaa !8
  %39 = icmp sle i32 %35, %38
  %40 = xor i1 %23, %39
  br i1 %40, label %41, label %42

41:                                               ; preds = %34
  store i32 %38, i32 addrspace(3)* %16, align 4, !tbaa !8
  store i32 %35, i32 addrspace(3)* %37, align 4, !tbaa !8
  br label %42

42:                                               ; preds = %34, %41, %29
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %43 = icmp ult i32 %30, 4
  br i1 %43, label %26, label %29
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #3 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { convergent nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 0, i32 0}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"int*", !"uint", !"uint"}
!7 = !{!"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{i32 1, i32 3}
!13 = !{!"none", !"none"}
!14 = !{!"int*", !"int*"}
!15 = !{!"", !""}
