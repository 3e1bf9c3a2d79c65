; ModuleID = 'matmul_tiled.cl'
source_filename = "matmul_tiled.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@matmul_tiled.As = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4
@matmul_tiled.Bs = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @matmul_tiled(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %7 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %8 = trunc i64 %7 to i32
  %9 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #4
  %10 = trunc i64 %9 to i32
  %11 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #4
  %12 = sext i32 %8 to i64
  %13 = trunc i64 %11 to i32
  %14 = shl i32 %13, 3
  %15 = add i32 %14, %8
  %16 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #4
  %17 = sext i32 %10 to i64
  %18 = trunc i64 %16 to i32
  %19 = shl i32 %18, 3
  %20 = add i32 %19, %10
  %21 = add nsw i32 %5, 7
  %22 = sdiv i32 %21, 8
  %23 = icmp sgt i32 %5, 0
  br i1 %23, label %24, label %46

24:                                               ; preds = %6
  %25 = icmp slt i32 %20, %3
  %26 = mul nsw i32 %20, %5
  %27 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 %12
  %28 = icmp slt i32 %15, %4
  %29 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 %17, i64 %12
  %30 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 0
  %31 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 0, i64 %12
  %32 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 1
  %33 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 1, i64 %12
  %34 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 2
  %35 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 2, i64 %12
  %36 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 3
  %37 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 3, i64 %12
  %38 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 4
  %39 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 4, i64 %12
  %40 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 5
  %41 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 5, i64 %12
  %42 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 6
  %43 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 6, i64 %12
  %44 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.As, i64 0, i64 %17, i64 7
  %45 = getelementptr inbounds [8 x [8 x float]], [8 x [8 x float]] addrspace(3)* @matmul_tiled.Bs, i64 0, i64 7, i64 %12
  br label %51

46:                                               ; preds = %74, %6
  %47 = phi float [ 0.000000e+00, %6 ], [ %99, %74 ]
  %48 = icmp slt i32 %20, %3
  %49 = icmp slt i32 %15, %4
  %50 = select i1 %48, i1 %49, i1 false
  br i1 %50, label %102, label %107

51:                                               ; preds = %24, %74
  %52 = phi float [ 0.000000e+00, %24 ], [ %99, %74 ]
  %53 = phi i32 [ 0, %24 ], [ %100, %74 ]
  %54 = shl nsw i32 %53, 3
  %55 = add nsw i32 %54, %8
  %56 = add nsw i32 %54, %10
  %57 = icmp slt i32 %55, %5
  %58 = select i1 %25, i1 %57, i1 false
  br i1 %58, label %59, label %64

59:                                               ; preds = %51
  %60 = add nsw i32 %55, %26
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds float, float addrspace(1)* %0, i64 %61
  %63 = load float, float addrspace(1)* %62, align 4, !tbaa !8
  br label %64

64:                                               ; preds = %51, %59
  %65 = phi float [ %63, %59 ], [ 0.000000e+00, %51 ]
  store float %65, float addrspace(3)* %27, align 4, !tbaa !8
  %66 = icmp slt i32 %56, %5
  %67 = select i1 %66, i1 %28, i1 false
  br i1 %67, label %68, label %74

68:                                               ; preds = %64
  %69 = mul nsw i32 %56, %4
  %70 = add nsw i32 %69, %15
  %71 = sext i32 %70 to i64
  %72 = getelementptr inbounds float, float addrspace(1)* %1, i64 %71
  %73 = load float, float addrspace(1)* %72, align 4, !tbaa !8
  br label %74

74:                                               ; preds = %64, %68
  %75 = phi float [ %73, %68 ], [ 0.000000e+00, %64 ]
  store float %75, float addrspace(3)* %29, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %76 = load float, float addrspace(3)* %30, align 4, !tbaa !8
  %77 = load float, float addrspace(3)* %31, align 4, !tbaa !8
  %78 = tail call float @llvm.fmuladd.f32(float %76, float %77, float %52)
  %79 = load float, float addrspace(3)* %32, align 4, !tbaa !8
  %80 = load float, float addrspace(3)* %33, align 4, !tbaa !8
  %81 = tail call float @llvm.fmuladd.f32(float %79, float %80, float %78)
  %82 = load float, float addrspace(3)* %34, align 4, !tbaa !8
  %83 = load float, float addrspace(3)* %35, align 4, !tbaa !8
  %84 = tail call float @llvm.fmuladd.f32(float %82, float %83, float %81)
  %85 = load float, float addrspace(3)* %36, align 4, !tbaa !8
  %86 = load float, float addrspace(3)* %37, align 4, !tbaa !8
  %87 = tail call float @llvm.fmuladd.f32(float %85, float %86, float %84)
  %88 = load float, float addrspace(3)* %38, align 4, !tbaa !8
  %89 = load float, float addrspace(3)* %39, align 4, !tbaa !8
  %90 = tail call float @llvm.fmuladd.f32(float %88, float %89, float %87)
  %91 = load float, float addrspace(3)* %40, align 4, !tbaa !8
  %92 = load float, float addrspace(3)* %41, align 4, !tbaa !8
  %93 = tail call float @llvm.fmuladd.f32(float %91, float %92, float %90)
  %94 = load float, float addrspace(3)* %42, align 4, !tbaa !8
  %95 = load float, float addrspace(3)* %43, align 4, !tbaa !8
  %96 = tail call float @llvm.fmuladd.f32(float %94, float %95, float %93)
  %97 = load float, float addrspace(3)* %44, align 4, !tbaa !8
  %98 = load float, float addrspace(3)* %45, align 4, !tbaa !8
  %99 = tail call float @llvm.fmuladd.f32(float %97, float %98, float %96)
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %100 = add nuw nsw i32 %53, 1
  %101 = icmp slt i32 %100, %22
  br i1 %101, label %51, label %46

102:                                              ; preds = %46
  %103 = mul nsw i32 %20, %4
  %104 = add nsw i32 %103, %15
  %105 = sext i32 %104 to i64
  %106 = getelementptr inbounds float, float addrspace(1)* %2, i64 %105
  store float %47, float addrspace(1)* %106, align 4, !tbaa !8
  br label %107

107:                                              ; preds = %102, %46
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
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
!4 = !{i32 1, i32 1, i32 1, i32 0, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"int", !"int", !"int"}
!7 = !{!"const", !"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
