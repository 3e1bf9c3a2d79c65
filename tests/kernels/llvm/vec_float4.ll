; ModuleID = 'vec_float4.cl'
source_filename = "vec_float4.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @vec_float4(<4 x float> addrspace(1)* nocapture noundef readonly %0, <4 x float> addrspace(1)* nocapture noundef readonly %1, <4 x float> addrspace(1)* nocapture noundef writeonly %2, <2 x float> addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %0, i64 %5
  %7 = load <4 x float>, <4 x float> addrspace(1)* %6, align 16, !tbaa !9
  %8 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %1, i64 %5
  %9 = load <4 x float>, <4 x float> addrspace(1)* %8, align 16, !tbaa !9
  %10 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %7, <4 x float> %9, <4 x float> <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>)
  %11 = shufflevector <4 x float> %10, <4 x float> poison, <2 x i32> <i32 2, i32 0>
  %12 = shufflevector <4 x float> %9, <4 x float> poison, <2 x i32> <i32 1, i32 3>
  %13 = fsub <2 x float> %11, %12
  %14 = shufflevector <2 x float> %13, <2 x float> poison, <4 x i32> <i32 0, i32 1, i32 undef, i32 undef>
  %15 = shufflevector <4 x float> %10, <4 x float> %14, <4 x i32> <i32 4, i32 1, i32 5, i32 undef>
  %16 = shufflevector <4 x float> %7, <4 x float> poison, <4 x i32> <i32 undef, i32 undef, i32 undef, i32 0>
  %17 = fadd <4 x float> %16, %10
  %18 = shufflevector <4 x float> %15, <4 x float> %17, <4 x i32> <i32 0, i32 1, i32 2, i32 7>
  %19 = shufflevector <4 x float> %7, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %20 = shufflevector <4 x float> %9, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 1>
  %21 = fneg <4 x float> %20
  %22 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %19, <4 x float> <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>, <4 x float> %21)
  %23 = mul i64 %5, 3
  %24 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %2, i64 %23
  store <4 x float> %18, <4 x float> addrspace(1)* %24, align 16, !tbaa !9
  %25 = add i64 %23, 1
  %26 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %2, i64 %25
  store <4 x float> %22, <4 x float> addrspace(1)* %26, align 16, !tbaa !9
  %27 = extractelement <4 x float> %7, i64 1
  %28 = insertelement <4 x float> undef, float %27, i64 0
  %29 = extractelement <4 x float> %9, i64 2
  %30 = insertelement <4 x float> %28, float %29, i64 1
  %31 = extractelement <2 x float> %13, i64 0
  %32 = extractelement <4 x float> %22, i64 3
  %33 = fmul float %32, %31
  %34 = insertelement <4 x float> %30, float %33, i64 2
  %35 = extractelement <4 x float> %7, i64 3
  %36 = fneg float %35
  %37 = insertelement <4 x float> %34, float %36, i64 3
  %38 = add i64 %23, 2
  %39 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %2, i64 %38
  store <4 x float> %37, <4 x float> addrspace(1)* %39, align 16, !tbaa !9
  %40 = shufflevector <4 x float> %7, <4 x float> poison, <2 x i32> <i32 0, i32 1>
  %41 = shufflevector <4 x float> %9, <4 x float> poison, <2 x i32> <i32 2, i32 3>
  %42 = fadd <2 x float> %40, %41
  %43 = fmul <2 x float> %42, <float 2.500000e-01, float 5.000000e-01>
  %44 = shufflevector <2 x float> %43, <2 x float> poison, <2 x i32> <i32 1, i32 0>
  %45 = getelementptr inbounds <2 x float>, <2 x float> addrspace(1)* %3, i64 %5
  store <2 x float> %44, <2 x float> addrspace(1)* %45, align 8, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #2

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"float4*", !"float4*", !"float4*", !"float2*"}
!7 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(2)))*"}
!8 = !{!"const", !"const", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
