; ModuleID = 'many_barriers.cl'
source_filename = "many_barriers.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@many_barriers.a = internal unnamed_addr addrspace(3) global [16 x i32] undef, align 4
@many_barriers.b = internal unnamed_addr addrspace(3) global [16 x i32] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @many_barriers(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %3 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %4 = trunc i64 %3 to i32
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = shl i64 %5, 32
  %7 = ashr exact i64 %6, 32
  %8 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %7
  %9 = load i32, i32 addrspace(1)* %8, align 4, !tbaa !8
  %10 = mul nsw i32 %9, 3
  %11 = sitofp i32 %9 to float
  %12 = fmul float %11, 5.000000e-01
  %13 = sext i32 %4 to i64
  %14 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.a, i64 0, i64 %13
  store i32 %9, i32 addrspace(3)* %14, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %15 = add nsw i32 %4, 1
  %16 = and i32 %15, 15
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.a, i64 0, i64 %17
  %19 = load i32, i32 addrspace(3)* %18, align 4, !tbaa !8
  %20 = add nsw i32 %19, %10
  %21 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.b, i64 0, i64 %13
  store i32 %20, i32 addrspace(3)* %21, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %22 = add nsw i32 %4, 2
  %23 = and i32 %22, 15
  %24 = zext i32 %23 to i64
  %25 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.b, i64 0, i64 %24
  %26 = load i32, i32 addrspace(3)* %25, align 4, !tbaa !8
  %27 = load i32, i32 addrspace(3)* %14, align 4, !tbaa !8
  %28 = sub nsw i32 %26, %27
  store i32 %28, i32 addrspace(3)* %14, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %29 = sub nsw i32 15, %4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.a, i64 0, i64 %30
  %32 = load i32, i32 addrspace(3)* %31, align 4, !tbaa !8
  %33 = xor i32 %32, %4
  store i32 %33, i32 addrspace(3)* %21, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %34 = mul nsw i32 %4, 5
  %35 = and i32 %34, 15
  %36 = zext i32 %35 to i64
  %37 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.b, i64 0, i64 %36
  %38 = load i32, i32 addrspace(3)* %37, align 4, !tbaa !8
  %39 = fptosi float %12 to i32
  %40 = add nsw i32 %38, %39
  store i32 %40, i32 addrspace(3)* %14, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %41 = add nsw i32 %4, 8
  %42 = and i32 %41, 15
  %43 = zext i32 %42 to i64
  %44 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.a, i64 0, i64 %43
  %45 = load i32, i32 addrspace(3)* %44, align 4, !tbaa !8
  %46 = shl nsw i32 %45, 1
  store i32 %46, i32 addrspace(3)* %21, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %47 = load i32, i32 addrspace(3)* %21, align 4, !tbaa !8
  %48 = add nsw i32 %4, 15
  %49 = and i32 %48, 15
  %50 = zext i32 %49 to i64
  %51 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.b, i64 0, i64 %50
  %52 = load i32, i32 addrspace(3)* %51, align 4, !tbaa !8
  %53 = add nsw i32 %52, %47
  store i32 %53, i32 addrspace(3)* %14, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 3) #4
  %54 = add nsw i32 %4, 3
  %55 = and i32 %54, 15
  %56 = zext i32 %55 to i64
  %57 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @many_barriers.a, i64 0, i64 %56
  %58 = load i32, i32 addrspace(3)* %57, align 4, !tbaa !8
  store i32 %58, i32 addrspace(3)* %21, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %59 = load i32, i32 addrspace(3)* %21, align 4, !tbaa !8
  %60 = add nsw i32 %59, %10
  %61 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %7
  store i32 %60, i32 addrspace(1)* %61, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

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
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
