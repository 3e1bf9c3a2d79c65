; ModuleID = 'scan_hillis_steele.cl'
source_filename = "scan_hillis_steele.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @scan_hillis_steele(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2, i32 addrspace(3)* nocapture noundef %3, i32 addrspace(3)* nocapture noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %6 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %9 = trunc i64 %8 to i32
  %10 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %11 = trunc i64 %10 to i32
  %12 = icmp ult i32 %9, %2
  br i1 %12, label %13, label %17

13:                                               ; preds = %5
  %14 = and i64 %8, 4294967295
  %15 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %14
  %16 = load i32, i32 addrspace(1)* %15, align 4, !tbaa !8
  br label %17

17:                                               ; preds = %5, %13
  %18 = phi i32 [ %16, %13 ], [ 0, %5 ]
  %19 = and i64 %6, 4294967295
  %20 = getelementptr inbounds i32, i32 addrspace(3)* %3, i64 %19
  store i32 %18, i32 addrspace(3)* %20, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %21 = icmp ugt i32 %11, 1
  br i1 %21, label %24, label %22

22:                                               ; preds = %37, %17
  %23 = phi i32 addrspace(3)* [ %3, %17 ], [ %27, %37 ]
  br i1 %12, label %42, label %47

24:                                               ; preds = %17, %37
  %25 = phi i32 addrspace(3)* [ %27, %37 ], [ %3, %17 ]
  %26 = phi i32 [ %40, %37 ], [ 1, %17 ]
  %27 = phi i32 addrspace(3)* [ %25, %37 ], [ %4, %17 ]
  %28 = icmp ugt i32 %26, %7
  %29 = getelementptr inbounds i32, i32 addrspace(3)* %25, i64 %19
  %30 = load i32, i32 addrspace(3)* %29, align 4, !tbaa !8
  br i1 %28, label %37, label %31

31:                                               ; preds = %24
  %32 = sub i32 %7, %26
  %33 = zext i32 %32 to i64
  %34 = getelementptr inbounds i32, i32 addrspace(3)* %25, i64 %33
  %35 = load i32, i32 addrspace(3)* %34, align 4, !tbaa !8
  %36 = add nsw i32 %35, %30
  br label %37

37:                                               ; preds = %24, %31
  %38 = phi i32 [ %36, %31 ], [ %30, %24 ]
  %39 = getelementptr inbounds i32, i32 addrspace(3)* %27, i64 %19
  store i32 %38, i32 addrspace(3)* %39, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %40 = shl i32 %26, 1
  %41 = icmp ult i32 %40, %11
  br i1 %41, label %24, label %22

42:                                               ; preds = %22
  %43 = getelementptr inbounds i32, i32 addrspace(3)* %23, i64 %19
  %44 = load i32, i32 addrspace(3)* %43, align 4, !tbaa !8
  %45 = and i64 %8, 4294967295
  %46 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %45
  store i32 %44, i32 addrspace(1)* %46, align 4, !tbaa !8
  br label %47

47:                                               ; preds = %42, %22
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 0, i32 3, i32 3}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"uint", !"int*", !"int*"}
!7 = !{!"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
