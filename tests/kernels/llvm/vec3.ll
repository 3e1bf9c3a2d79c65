; ModuleID = 'vec3.cl'
source_filename = "vec3.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @vec3(<3 x float> addrspace(1)* nocapture noundef readonly %0, float addrspace(1)* noundef %1, <3 x float> addrspace(1)* nocapture noundef writeonly %2, float addrspace(1)* noundef %3, <3 x i32> addrspace(1)* nocapture noundef writeonly %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6
  %7 = getelementptr inbounds <3 x float>, <3 x float> addrspace(1)* %0, i64 %6
  %8 = bitcast <3 x float> addrspace(1)* %7 to <4 x float> addrspace(1)*
  %9 = load <4 x float>, <4 x float> addrspace(1)* %8, align 16
  %10 = tail call spir_func <3 x float> @_Z6vload3mPU3AS1Kf(i64 noundef %6, float addrspace(1)* noundef %1) #7
  %11 = shufflevector <4 x float> %9, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %12 = extractelement <4 x float> %9, i64 1
  %13 = extractelement <3 x float> %10, i64 2
  %14 = extractelement <4 x float> %9, i64 2
  %15 = extractelement <3 x float> %10, i64 1
  %16 = fneg float %14
  %17 = fmul float %15, %16
  %18 = tail call float @llvm.fmuladd.f32(float %12, float %13, float %17)
  %19 = insertelement <3 x float> undef, float %18, i64 0
  %20 = shufflevector <4 x float> %9, <4 x float> undef, <2 x i32> <i32 0, i32 1>
  %21 = fneg <2 x float> %20
  %22 = shufflevector <3 x float> %10, <3 x float> undef, <2 x i32> <i32 2, i32 0>
  %23 = fmul <2 x float> %22, %21
  %24 = shufflevector <4 x float> %9, <4 x float> undef, <2 x i32> <i32 2, i32 0>
  %25 = shufflevector <3 x float> %10, <3 x float> undef, <2 x i32> <i32 0, i32 1>
  %26 = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %24, <2 x float> %25, <2 x float> %23)
  %27 = shufflevector <2 x float> %26, <2 x float> poison, <3 x i32> <i32 0, i32 1, i32 undef>
  %28 = shufflevector <3 x float> %19, <3 x float> %27, <3 x i32> <i32 0, i32 3, i32 4>
  %29 = tail call <3 x float> @llvm.fmuladd.v3f32(<3 x float> %10, <3 x float> <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>, <3 x float> %11)
  %30 = getelementptr inbounds <3 x float>, <3 x float> addrspace(1)* %2, i64 %6
  %31 = shufflevector <3 x float> %29, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %32 = bitcast <3 x float> addrspace(1)* %30 to <4 x float> addrspace(1)*
  store <4 x float> %31, <4 x float> addrspace(1)* %32, align 16, !tbaa !9
  tail call spir_func void @_Z7vstore3Dv3_fmPU3AS1f(<3 x float> noundef %28, i64 noundef %6, float addrspace(1)* noundef %3) #8
  %33 = tail call spir_func <3 x i32> @_Z12convert_int3Dv3_f(<3 x float> noundef %11) #6
  %34 = mul <3 x i32> %33, <i32 1, i32 -2, i32 3>
  %35 = trunc i64 %6 to i32
  %36 = insertelement <3 x i32> poison, i32 %35, i64 0
  %37 = shufflevector <3 x i32> %36, <3 x i32> poison, <3 x i32> zeroinitializer
  %38 = add <3 x i32> %34, %37
  %39 = shufflevector <3 x i32> %38, <3 x i32> poison, <3 x i32> <i32 2, i32 0, i32 1>
  %40 = getelementptr inbounds <3 x i32>, <3 x i32> addrspace(1)* %4, i64 %6
  %41 = shufflevector <3 x i32> %39, <3 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %42 = bitcast <3 x i32> addrspace(1)* %40 to <4 x i32> addrspace(1)*
  store <4 x i32> %41, <4 x i32> addrspace(1)* %42, align 16, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func <3 x float> @_Z6vload3mPU3AS1Kf(i64 noundef, float addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <3 x float> @llvm.fmuladd.v3f32(<3 x float>, <3 x float>, <3 x float>) #3

; Function Attrs: convergent
declare dso_local spir_func void @_Z7vstore3Dv3_fmPU3AS1f(<3 x float> noundef, i64 noundef, float addrspace(1)* noundef) local_unnamed_addr #4

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <3 x i32> @_Z12convert_int3Dv3_f(<3 x float> noundef) local_unnamed_addr #1

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare <2 x float> @llvm.fmuladd.v2f32(<2 x float>, <2 x float>, <2 x float>) #5

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="96" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #5 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent nounwind readonly willreturn }
attributes #8 = { convergent nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float3*", !"float*", !"float3*", !"float*", !"int3*"}
!7 = !{!"float __attribute__((ext_vector_type(3)))*", !"float*", !"float __attribute__((ext_vector_type(3)))*", !"float*", !"int __attribute__((ext_vector_type(3)))*"}
!8 = !{!"const", !"const", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
