; ModuleID = 'histogram.cl'
source_filename = "histogram.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@histogram_local.lh = internal addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @histogram_global(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* noundef %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %5 = trunc i64 %4 to i32
  %6 = icmp ult i32 %5, %2
  br i1 %6, label %7, label %15

7:                                                ; preds = %3
  %8 = and i64 %4, 4294967295
  %9 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %8
  %10 = load i32, i32 addrspace(1)* %9, align 4, !tbaa !8
  %11 = and i32 %10, 63
  %12 = zext i32 %11 to i64
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %12
  %14 = tail call spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef %13) #4
  br label %15

15:                                               ; preds = %7, %3
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @histogram_local(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* noundef %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %5 = trunc i64 %4 to i32
  %6 = icmp ult i32 %5, 64
  br i1 %6, label %11, label %7

7:                                                ; preds = %11, %3
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %9 = trunc i64 %8 to i32
  %10 = icmp ult i32 %9, %2
  br i1 %10, label %20, label %19

11:                                               ; preds = %3, %11
  %12 = phi i32 [ %17, %11 ], [ %5, %3 ]
  %13 = zext i32 %12 to i64
  %14 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @histogram_local.lh, i64 0, i64 %13
  store i32 0, i32 addrspace(3)* %14, align 4, !tbaa !8
  %15 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %16 = trunc i64 %15 to i32
  %17 = add i32 %12, %16
  %18 = icmp ult i32 %17, 64
  br i1 %18, label %11, label %7

19:                                               ; preds = %20, %7
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %6, label %34, label %33

20:                                               ; preds = %7, %20
  %21 = phi i32 [ %31, %20 ], [ %9, %7 ]
  %22 = zext i32 %21 to i64
  %23 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %22
  %24 = load i32, i32 addrspace(1)* %23, align 4, !tbaa !8
  %25 = and i32 %24, 63
  %26 = zext i32 %25 to i64
  %27 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @histogram_local.lh, i64 0, i64 %26
  %28 = tail call spir_func i32 @_Z10atomic_addPU3AS3Vjj(i32 addrspace(3)* noundef %27, i32 noundef 1) #4
  %29 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %30 = trunc i64 %29 to i32
  %31 = add i32 %21, %30
  %32 = icmp ult i32 %31, %2
  br i1 %32, label %20, label %19

33:                                               ; preds = %43, %19
  ret void

34:                                               ; preds = %19, %43
  %35 = phi i32 [ %46, %43 ], [ %5, %19 ]
  %36 = zext i32 %35 to i64
  %37 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @histogram_local.lh, i64 0, i64 %36
  %38 = load i32, i32 addrspace(3)* %37, align 4, !tbaa !8
  %39 = icmp eq i32 %38, 0
  br i1 %39, label %43, label %40

40:                                               ; preds = %34
  %41 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %36
  %42 = tail call spir_func i32 @_Z10atomic_addPU3AS1Vjj(i32 addrspace(1)* noundef %41, i32 noundef %38) #4
  br label %43

43:                                               ; preds = %34, %40
  %44 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %45 = trunc i64 %44 to i32
  %46 = add i32 %35, %45
  %47 = icmp ult i32 %46, 64
  br i1 %47, label %34, label %33
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_addPU3AS3Vjj(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_addPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

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
!4 = !{i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"uint*", !"uint*", !"uint"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
