; ModuleID = 'reduce_float.cl'
source_filename = "reduce_float.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@reduce_float.s_sum = internal unnamed_addr addrspace(3) global [64 x float] undef, align 4
@reduce_float.s_max = internal unnamed_addr addrspace(3) global [64 x float] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @reduce_float(float addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* nocapture noundef writeonly %1, float addrspace(1)* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = icmp ult i32 %8, %3
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = and i64 %7, 4294967295
  %12 = getelementptr inbounds float, float addrspace(1)* %0, i64 %11
  %13 = load float, float addrspace(1)* %12, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi float [ 0xFFF0000000000000, %4 ], [ %13, %10 ]
  %16 = phi float [ 0.000000e+00, %4 ], [ %13, %10 ]
  %17 = and i64 %5, 4294967295
  %18 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %17
  store float %16, float addrspace(3)* %18, align 4, !tbaa !8
  %19 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %17
  store float %15, float addrspace(3)* %19, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %20 = icmp ult i32 %6, 32
  br i1 %20, label %21, label %32

21:                                               ; preds = %14
  %22 = add nuw nsw i32 %6, 32
  %23 = zext i32 %22 to i64
  %24 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %23
  %25 = load float, float addrspace(3)* %24, align 4, !tbaa !8
  %26 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %27 = fadd float %25, %26
  store float %27, float addrspace(3)* %18, align 4, !tbaa !8
  %28 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %29 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %23
  %30 = load float, float addrspace(3)* %29, align 4, !tbaa !8
  %31 = tail call spir_func float @_Z4fmaxff(float noundef %28, float noundef %30) #3
  store float %31, float addrspace(3)* %19, align 4, !tbaa !8
  br label %32

32:                                               ; preds = %21, %14
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %33 = icmp ult i32 %6, 16
  br i1 %33, label %34, label %45

34:                                               ; preds = %32
  %35 = add nuw nsw i32 %6, 16
  %36 = zext i32 %35 to i64
  %37 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %36
  %38 = load float, float addrspace(3)* %37, align 4, !tbaa !8
  %39 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %40 = fadd float %38, %39
  store float %40, float addrspace(3)* %18, align 4, !tbaa !8
  %41 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %42 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %36
  %43 = load float, float addrspace(3)* %42, align 4, !tbaa !8
  %44 = tail call spir_func float @_Z4fmaxff(float noundef %41, float noundef %43) #3
  store float %44, float addrspace(3)* %19, align 4, !tbaa !8
  br label %45

45:                                               ; preds = %34, %32
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %46 = icmp ult i32 %6, 8
  br i1 %46, label %47, label %58

47:                                               ; preds = %45
  %48 = add nuw nsw i32 %6, 8
  %49 = zext i32 %48 to i64
  %50 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %49
  %51 = load float, float addrspace(3)* %50, align 4, !tbaa !8
  %52 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %53 = fadd float %51, %52
  store float %53, float addrspace(3)* %18, align 4, !tbaa !8
  %54 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %55 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %49
  %56 = load float, float addrspace(3)* %55, align 4, !tbaa !8
  %57 = tail call spir_func float @_Z4fmaxff(float noundef %54, float noundef %56) #3
  store float %57, float addrspace(3)* %19, align 4, !tbaa !8
  br label %58

58:                                               ; preds = %47, %45
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %59 = icmp ult i32 %6, 4
  br i1 %59, label %60, label %71

60:                                               ; preds = %58
  %61 = add nuw nsw i32 %6, 4
  %62 = zext i32 %61 to i64
  %63 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %62
  %64 = load float, float addrspace(3)* %63, align 4, !tbaa !8
  %65 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %66 = fadd float %64, %65
  store float %66, float addrspace(3)* %18, align 4, !tbaa !8
  %67 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %68 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %62
  %69 = load float, float addrspace(3)* %68, align 4, !tbaa !8
  %70 = tail call spir_func float @_Z4fmaxff(float noundef %67, float noundef %69) #3
  store float %70, float addrspace(3)* %19, align 4, !tbaa !8
  br label %71

71:                                               ; preds = %60, %58
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %72 = icmp ult i32 %6, 2
  br i1 %72, label %73, label %84

73:                                               ; preds = %71
  %74 = add nuw nsw i32 %6, 2
  %75 = zext i32 %74 to i64
  %76 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %75
  %77 = load float, float addrspace(3)* %76, align 4, !tbaa !8
  %78 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %79 = fadd float %77, %78
  store float %79, float addrspace(3)* %18, align 4, !tbaa !8
  %80 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %81 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %75
  %82 = load float, float addrspace(3)* %81, align 4, !tbaa !8
  %83 = tail call spir_func float @_Z4fmaxff(float noundef %80, float noundef %82) #3
  store float %83, float addrspace(3)* %19, align 4, !tbaa !8
  br label %84

84:                                               ; preds = %73, %71
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %85 = icmp eq i32 %6, 0
  br i1 %85, label %86, label %97

86:                                               ; preds = %84
  %87 = add nuw nsw i32 %6, 1
  %88 = zext i32 %87 to i64
  %89 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 %88
  %90 = load float, float addrspace(3)* %89, align 4, !tbaa !8
  %91 = load float, float addrspace(3)* %18, align 4, !tbaa !8
  %92 = fadd float %90, %91
  store float %92, float addrspace(3)* %18, align 4, !tbaa !8
  %93 = load float, float addrspace(3)* %19, align 4, !tbaa !8
  %94 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 %88
  %95 = load float, float addrspace(3)* %94, align 4, !tbaa !8
  %96 = tail call spir_func float @_Z4fmaxff(float noundef %93, float noundef %95) #3
  store float %96, float addrspace(3)* %19, align 4, !tbaa !8
  br label %97

97:                                               ; preds = %86, %84
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %98 = icmp eq i32 %6, 0
  br i1 %98, label %99, label %105

99:                                               ; preds = %97
  %100 = load float, float addrspace(3)* getelementptr inbounds ([64 x float], [64 x float] addrspace(3)* @reduce_float.s_sum, i64 0, i64 0), align 4, !tbaa !8
  %101 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %102 = getelementptr inbounds float, float addrspace(1)* %1, i64 %101
  store float %100, float addrspace(1)* %102, align 4, !tbaa !8
  %103 = load float, float addrspace(3)* getelementptr inbounds ([64 x float], [64 x float] addrspace(3)* @reduce_float.s_max, i64 0, i64 0), align 4, !tbaa !8
  %104 = getelementptr inbounds float, float addrspace(1)* %2, i64 %101
  store float %103, float addrspace(1)* %104, align 4, !tbaa !8
  br label %105

105:                                              ; preds = %99, %97
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fmaxff(float noundef, float noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"uint"}
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
