; ModuleID = 'reqd_wgs.cl'
source_filename = "reqd_wgs.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@reqd_wgs.tile = internal unnamed_addr addrspace(3) global [2 x [8 x i32]] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @reqd_wgs(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 !reqd_work_group_size !8 {
  %3 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %4 = trunc i64 %3 to i32
  %5 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #3
  %6 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %9 = trunc i64 %8 to i32
  %10 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %11 = trunc i64 %10 to i32
  %12 = mul nsw i32 %11, %7
  %13 = add nsw i32 %12, %9
  %14 = sext i32 %13 to i64
  %15 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %14
  %16 = load i32, i32 addrspace(1)* %15, align 4, !tbaa !9
  %17 = shl i64 %5, 32
  %18 = ashr exact i64 %17, 32
  %19 = sext i32 %4 to i64
  %20 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 %19
  store i32 %16, i32 addrspace(3)* %20, align 4, !tbaa !9
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %21 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 0
  %22 = load i32, i32 addrspace(3)* %21, align 4, !tbaa !9
  %23 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 1
  %24 = load i32, i32 addrspace(3)* %23, align 4, !tbaa !9
  %25 = add nsw i32 %24, %22
  %26 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 2
  %27 = load i32, i32 addrspace(3)* %26, align 4, !tbaa !9
  %28 = add nsw i32 %27, %25
  %29 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 3
  %30 = load i32, i32 addrspace(3)* %29, align 4, !tbaa !9
  %31 = add nsw i32 %30, %28
  %32 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 4
  %33 = load i32, i32 addrspace(3)* %32, align 4, !tbaa !9
  %34 = add nsw i32 %33, %31
  %35 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 5
  %36 = load i32, i32 addrspace(3)* %35, align 4, !tbaa !9
  %37 = add nsw i32 %36, %34
  %38 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 6
  %39 = load i32, i32 addrspace(3)* %38, align 4, !tbaa !9
  %40 = add nsw i32 %39, %37
  %41 = getelementptr inbounds [2 x [8 x i32]], [2 x [8 x i32]] addrspace(3)* @reqd_wgs.tile, i64 0, i64 %18, i64 7
  %42 = load i32, i32 addrspace(3)* %41, align 4, !tbaa !9
  %43 = add nsw i32 %42, %40
  %44 = mul nsw i32 %43, 10
  %45 = add nsw i32 %44, %4
  %46 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %14
  store i32 %45, i32 addrspace(1)* %46, align 4, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1}
!5 = !{!"none", !"none"}
!6 = !{!"int*", !"int*"}
!7 = !{!"const", !""}
!8 = !{i32 8, i32 2, i32 1}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
