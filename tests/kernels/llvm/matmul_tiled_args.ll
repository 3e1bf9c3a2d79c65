; ModuleID = 'matmul_tiled_args.cl'
source_filename = "matmul_tiled_args.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @matmul_tiled_args(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5, float addrspace(3)* nocapture noundef %6, float addrspace(3)* nocapture noundef %7) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %9 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %10 = trunc i64 %9 to i32
  %11 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %12 = trunc i64 %11 to i32
  %13 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #4
  %14 = trunc i64 %13 to i32
  %15 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #4
  %16 = and i64 %9, 4294967295
  %17 = mul i64 %15, %16
  %18 = add i64 %17, %11
  %19 = trunc i64 %18 to i32
  %20 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #4
  %21 = mul i64 %20, %16
  %22 = add i64 %21, %13
  %23 = trunc i64 %22 to i32
  %24 = add i32 %5, -1
  %25 = add i32 %24, %10
  %26 = sdiv i32 %25, %10
  %27 = icmp sgt i32 %26, 0
  br i1 %27, label %28, label %38

28:                                               ; preds = %8
  %29 = icmp slt i32 %23, %3
  %30 = mul nsw i32 %23, %5
  %31 = mul nsw i32 %14, %10
  %32 = add nsw i32 %31, %12
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, float addrspace(3)* %6, i64 %33
  %35 = icmp slt i32 %19, %4
  %36 = getelementptr inbounds float, float addrspace(3)* %7, i64 %33
  %37 = icmp sgt i32 %10, 0
  br label %43

38:                                               ; preds = %68, %8
  %39 = phi float [ 0.000000e+00, %8 ], [ %69, %68 ]
  %40 = icmp slt i32 %23, %3
  %41 = icmp slt i32 %19, %4
  %42 = select i1 %40, i1 %41, i1 false
  br i1 %42, label %87, label %92

43:                                               ; preds = %28, %68
  %44 = phi float [ 0.000000e+00, %28 ], [ %69, %68 ]
  %45 = phi i32 [ 0, %28 ], [ %70, %68 ]
  %46 = mul nsw i32 %45, %10
  %47 = add nsw i32 %46, %12
  %48 = add nsw i32 %46, %14
  %49 = icmp slt i32 %47, %5
  %50 = select i1 %29, i1 %49, i1 false
  br i1 %50, label %51, label %56

51:                                               ; preds = %43
  %52 = add nsw i32 %47, %30
  %53 = sext i32 %52 to i64
  %54 = getelementptr inbounds float, float addrspace(1)* %0, i64 %53
  %55 = load float, float addrspace(1)* %54, align 4, !tbaa !8
  br label %56

56:                                               ; preds = %43, %51
  %57 = phi float [ %55, %51 ], [ 0.000000e+00, %43 ]
  store float %57, float addrspace(3)* %34, align 4, !tbaa !8
  %58 = icmp slt i32 %48, %5
  %59 = select i1 %58, i1 %35, i1 false
  br i1 %59, label %60, label %66

60:                                               ; preds = %56
  %61 = mul nsw i32 %48, %4
  %62 = add nsw i32 %61, %19
  %63 = sext i32 %62 to i64
  %64 = getelementptr inbounds float, float addrspace(1)* %1, i64 %63
  %65 = load float, float addrspace(1)* %64, align 4, !tbaa !8
  br label %66

66:                                               ; preds = %56, %60
  %67 = phi float [ %65, %60 ], [ 0.000000e+00, %56 ]
  store float %67, float addrspace(3)* %36, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  br i1 %37, label %72, label %68

68:                                               ; preds = %72, %66
  %69 = phi float [ %44, %66 ], [ %84, %72 ]
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %70 = add nuw nsw i32 %45, 1
  %71 = icmp slt i32 %70, %26
  br i1 %71, label %43, label %38

72:                                               ; preds = %66, %72
  %73 = phi i32 [ %85, %72 ], [ 0, %66 ]
  %74 = phi float [ %84, %72 ], [ %44, %66 ]
  %75 = add nsw i32 %73, %31
  %76 = sext i32 %75 to i64
  %77 = getelementptr inbounds float, float addrspace(3)* %6, i64 %76
  %78 = load float, float addrspace(3)* %77, align 4, !tbaa !8
  %79 = mul nsw i32 %73, %10
  %80 = add nsw i32 %79, %12
  %81 = sext i32 %80 to i64
  %82 = getelementptr inbounds float, float addrspace(3)* %7, i64 %81
  %83 = load float, float addrspace(3)* %82, align 4, !tbaa !8
  %84 = tail call float @llvm.fmuladd.f32(float %78, float %83, float %74)
  %85 = add nuw nsw i32 %73, 1
  %86 = icmp slt i32 %85, %10
  br i1 %86, label %72, label %68

87:                                               ; preds = %38
  %88 = mul nsw i32 %23, %4
  %89 = add nsw i32 %88, %19
  %90 = sext i32 %89 to i64
  %91 = getelementptr inbounds float, float addrspace(1)* %2, i64 %90
  store float %39, float addrspace(1)* %91, align 4, !tbaa !8
  br label %92

92:                                               ; preds = %87, %38
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 1, i32 0, i32 0, i32 0, i32 3, i32 3}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"int", !"int", !"int", !"float*", !"float*"}
!7 = !{!"const", !"const", !"", !"", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
