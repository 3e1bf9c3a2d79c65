; ModuleID = 'nbody.cl'
source_filename = "nbody.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @nbody(<4 x float> addrspace(1)* nocapture noundef readonly %0, <4 x float> addrspace(1)* nocapture noundef readonly %1, <4 x float> addrspace(1)* nocapture noundef writeonly %2, <4 x float> addrspace(1)* nocapture noundef writeonly %3, i32 noundef %4, float noundef %5, float noundef %6, <4 x float> addrspace(3)* nocapture noundef %7) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %9 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %10 = trunc i64 %9 to i32
  %11 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %12 = trunc i64 %11 to i32
  %13 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %14 = trunc i64 %13 to i32
  %15 = icmp slt i32 %10, %4
  br i1 %15, label %16, label %20

16:                                               ; preds = %8
  %17 = sext i32 %10 to i64
  %18 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %0, i64 %17
  %19 = load <4 x float>, <4 x float> addrspace(1)* %18, align 16, !tbaa !9
  br label %20

20:                                               ; preds = %8, %16
  %21 = phi <4 x float> [ %19, %16 ], [ zeroinitializer, %8 ]
  %22 = icmp sgt i32 %4, 0
  br i1 %22, label %23, label %26

23:                                               ; preds = %20
  %24 = sext i32 %12 to i64
  %25 = getelementptr inbounds <4 x float>, <4 x float> addrspace(3)* %7, i64 %24
  br label %28

26:                                               ; preds = %42, %20
  %27 = phi <4 x float> [ zeroinitializer, %20 ], [ %43, %42 ]
  br i1 %15, label %72, label %89

28:                                               ; preds = %23, %42
  %29 = phi <4 x float> [ zeroinitializer, %23 ], [ %43, %42 ]
  %30 = phi i32 [ 0, %23 ], [ %44, %42 ]
  %31 = add nsw i32 %30, %12
  %32 = icmp slt i32 %31, %4
  br i1 %32, label %33, label %37

33:                                               ; preds = %28
  %34 = sext i32 %31 to i64
  %35 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %0, i64 %34
  %36 = load <4 x float>, <4 x float> addrspace(1)* %35, align 16, !tbaa !9
  br label %37

37:                                               ; preds = %28, %33
  %38 = phi <4 x float> [ %36, %33 ], [ zeroinitializer, %28 ]
  store <4 x float> %38, <4 x float> addrspace(3)* %25, align 16, !tbaa !9
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %39 = sub nsw i32 %4, %30
  %40 = tail call spir_func i32 @_Z3minii(i32 noundef %14, i32 noundef %39) #4
  %41 = icmp sgt i32 %40, 0
  br i1 %41, label %46, label %42

42:                                               ; preds = %46, %37
  %43 = phi <4 x float> [ %29, %37 ], [ %69, %46 ]
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %44 = add nsw i32 %30, %14
  %45 = icmp slt i32 %44, %4
  br i1 %45, label %28, label %26

46:                                               ; preds = %37, %46
  %47 = phi <4 x float> [ %69, %46 ], [ %29, %37 ]
  %48 = phi i32 [ %70, %46 ], [ 0, %37 ]
  %49 = zext i32 %48 to i64
  %50 = getelementptr inbounds <4 x float>, <4 x float> addrspace(3)* %7, i64 %49
  %51 = load <4 x float>, <4 x float> addrspace(3)* %50, align 16, !tbaa !9
  %52 = fsub <4 x float> %51, %21
  %53 = insertelement <4 x float> %52, float 0.000000e+00, i64 3
  %54 = extractelement <4 x float> %52, i64 0
  %55 = fmul <4 x float> %52, %52
  %56 = extractelement <4 x float> %55, i64 1
  %57 = tail call float @llvm.fmuladd.f32(float %54, float %54, float %56)
  %58 = extractelement <4 x float> %52, i64 2
  %59 = tail call float @llvm.fmuladd.f32(float %58, float %58, float %57)
  %60 = fadd float %59, %6
  %61 = tail call spir_func float @_Z4sqrtf(float noundef %60) #4
  %62 = fdiv float 1.000000e+00, %61, !fpmath !12
  %63 = extractelement <4 x float> %51, i64 3
  %64 = fmul float %63, %62
  %65 = fmul float %62, %64
  %66 = fmul float %62, %65
  %67 = insertelement <4 x float> poison, float %66, i64 0
  %68 = shufflevector <4 x float> %67, <4 x float> poison, <4 x i32> zeroinitializer
  %69 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %53, <4 x float> %68, <4 x float> %47)
  %70 = add nuw nsw i32 %48, 1
  %71 = icmp slt i32 %70, %40
  br i1 %71, label %46, label %42

72:                                               ; preds = %26
  %73 = sext i32 %10 to i64
  %74 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %1, i64 %73
  %75 = load <4 x float>, <4 x float> addrspace(1)* %74, align 16, !tbaa !9
  %76 = shufflevector <4 x float> %27, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %77 = insertelement <3 x float> poison, float %5, i64 0
  %78 = shufflevector <3 x float> %77, <3 x float> poison, <3 x i32> zeroinitializer
  %79 = shufflevector <4 x float> %75, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %80 = tail call <3 x float> @llvm.fmuladd.v3f32(<3 x float> %76, <3 x float> %78, <3 x float> %79)
  %81 = shufflevector <3 x float> %80, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %82 = shufflevector <4 x float> %81, <4 x float> %75, <4 x i32> <i32 0, i32 1, i32 2, i32 7>
  %83 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %3, i64 %73
  store <4 x float> %82, <4 x float> addrspace(1)* %83, align 16, !tbaa !9
  %84 = shufflevector <4 x float> %21, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %85 = tail call <3 x float> @llvm.fmuladd.v3f32(<3 x float> %80, <3 x float> %78, <3 x float> %84)
  %86 = shufflevector <3 x float> %85, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %87 = shufflevector <4 x float> %86, <4 x float> %21, <4 x i32> <i32 0, i32 1, i32 2, i32 7>
  %88 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %2, i64 %73
  store <4 x float> %87, <4 x float> addrspace(1)* %88, align 16, !tbaa !9
  br label %89

89:                                               ; preds = %72, %26
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3minii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4sqrtf(float noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #3

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <3 x float> @llvm.fmuladd.v3f32(<3 x float>, <3 x float>, <3 x float>) #3

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
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 0, i32 0, i32 0, i32 3}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float4*", !"float4*", !"float4*", !"float4*", !"int", !"float", !"float", !"float4*"}
!7 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"int", !"float", !"float", !"float __attribute__((ext_vector_type(4)))*"}
!8 = !{!"const", !"const", !"", !"", !"", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{float 2.500000e+00}
