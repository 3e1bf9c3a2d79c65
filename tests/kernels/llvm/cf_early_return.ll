; ModuleID = 'cf_early_return.cl'
source_filename = "cf_early_return.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @cf_early_return(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %5 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %4
  %6 = load i32, i32 addrspace(1)* %5, align 4, !tbaa !8
  %7 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %4
  store i32 -1, i32 addrspace(1)* %7, align 4, !tbaa !8
  %8 = icmp slt i32 %6, 0
  br i1 %8, label %9, label %12

9:                                                ; preds = %3
  %10 = sub nsw i32 0, %6
  %11 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %4
  store i32 %10, i32 addrspace(1)* %11, align 4, !tbaa !8
  br label %51

12:                                               ; preds = %3
  %13 = and i32 %6, 1
  %14 = icmp eq i32 %13, 0
  br i1 %14, label %15, label %16

15:                                               ; preds = %16, %12
  br label %28

16:                                               ; preds = %12
  %17 = insertelement <2 x i32> poison, i32 %6, i64 0
  %18 = shufflevector <2 x i32> %17, <2 x i32> poison, <2 x i32> zeroinitializer
  %19 = urem <2 x i32> %18, <i32 3, i32 5>
  %20 = icmp eq <2 x i32> %19, zeroinitializer
  %21 = shufflevector <2 x i1> %20, <2 x i1> poison, <2 x i32> <i32 1, i32 undef>
  %22 = or <2 x i1> %20, %21
  %23 = extractelement <2 x i1> %22, i64 0
  br i1 %23, label %24, label %15

24:                                               ; preds = %16
  %25 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %4
  store i32 1, i32 addrspace(1)* %25, align 4, !tbaa !8
  %26 = icmp ugt i32 %6, 1000
  br i1 %26, label %51, label %27

27:                                               ; preds = %24
  store i32 2, i32 addrspace(1)* %7, align 4, !tbaa !8
  br label %51

28:                                               ; preds = %15, %33
  %29 = phi i32 [ %34, %33 ], [ 0, %15 ]
  %30 = shl nuw i32 1, %29
  %31 = and i32 %30, %6
  %32 = icmp eq i32 %31, 0
  br i1 %32, label %33, label %36

33:                                               ; preds = %28
  %34 = add nuw nsw i32 %29, 1
  %35 = icmp ult i32 %29, 31
  br i1 %35, label %28, label %51

36:                                               ; preds = %28
  %37 = icmp sgt i32 %6, 50000
  %38 = icmp ugt i32 %29, 2
  %39 = select i1 %37, i1 %38, i1 false
  br i1 %39, label %51, label %40

40:                                               ; preds = %36
  %41 = mul nuw nsw i32 %29, 100
  %42 = srem i32 %6, 7
  %43 = icmp eq i32 %42, 0
  %44 = and i32 %6, 6
  %45 = icmp eq i32 %44, 6
  %46 = or i1 %43, %45
  %47 = zext i1 %46 to i32
  %48 = or i32 %41, %47
  %49 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %4
  store i32 %48, i32 addrspace(1)* %49, align 4, !tbaa !8
  %50 = ashr i32 %6, %29
  store i32 %50, i32 addrspace(1)* %7, align 4, !tbaa !8
  br label %51

51:                                               ; preds = %33, %40, %36, %24, %27, %9
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
!4 = !{i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int*"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
