; ModuleID = 'cf_loops.cl'
source_filename = "cf_loops.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @cf_loops(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %3 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %4 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %3
  %5 = load i32, i32 addrspace(1)* %4, align 4, !tbaa !8
  %6 = and i32 %5, 15
  %7 = and i32 %5, 63
  br label %8

8:                                                ; preds = %2, %28
  %9 = phi i32 [ 0, %2 ], [ %30, %28 ]
  %10 = phi i32 [ 0, %2 ], [ %29, %28 ]
  %11 = urem i32 %9, 3
  %12 = icmp eq i32 %11, 1
  br i1 %12, label %28, label %13

13:                                               ; preds = %8
  %14 = mul nuw nsw i32 %9, 7
  br label %15

15:                                               ; preds = %13, %20
  %16 = phi i32 [ 0, %13 ], [ %23, %20 ]
  %17 = phi i32 [ %10, %13 ], [ %22, %20 ]
  %18 = mul nuw nsw i32 %16, %9
  %19 = icmp ugt i32 %18, %7
  br i1 %19, label %25, label %20

20:                                               ; preds = %15
  %21 = add i32 %17, %14
  %22 = add i32 %21, %16
  %23 = add nuw nsw i32 %16, 1
  %24 = icmp ult i32 %16, %9
  br i1 %24, label %15, label %25

25:                                               ; preds = %15, %20
  %26 = phi i32 [ %17, %15 ], [ %22, %20 ]
  %27 = icmp sgt i32 %26, 1000
  br i1 %27, label %32, label %28

28:                                               ; preds = %25, %8
  %29 = phi i32 [ %10, %8 ], [ %26, %25 ]
  %30 = add nuw nsw i32 %9, 1
  %31 = icmp ult i32 %9, %6
  br i1 %31, label %8, label %32

32:                                               ; preds = %25, %28
  %33 = phi i32 [ %29, %28 ], [ %26, %25 ]
  %34 = or i32 %5, 1
  br label %35

35:                                               ; preds = %35, %32
  %36 = phi i32 [ 0, %32 ], [ %44, %35 ]
  %37 = phi i32 [ %34, %32 ], [ %43, %35 ]
  %38 = and i32 %37, 1
  %39 = icmp eq i32 %38, 0
  %40 = mul i32 %37, 3
  %41 = add i32 %40, 1
  %42 = lshr i32 %37, 1
  %43 = select i1 %39, i32 %42, i32 %41
  %44 = add nuw nsw i32 %36, 1
  %45 = icmp ne i32 %43, 1
  %46 = icmp ult i32 %36, 199
  %47 = select i1 %45, i1 %46, i1 false
  br i1 %47, label %35, label %48

48:                                               ; preds = %35
  %49 = shl i64 %3, 1
  %50 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %49
  store i32 %33, i32 addrspace(1)* %50, align 4, !tbaa !8
  %51 = or i64 %49, 1
  %52 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %51
  store i32 %44, i32 addrspace(1)* %52, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 1, i32 1}
!5 = !{!"none", !"none"}
!6 = !{!"int*", !"int*"}
!7 = !{!"const", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
