; ModuleID = 'rgba_gray.cl'
source_filename = "rgba_gray.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @rgba_gray(<4 x i8> addrspace(1)* nocapture noundef readonly %0, i8 addrspace(1)* nocapture noundef writeonly %1, <4 x i8> addrspace(1)* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %9 = trunc i64 %8 to i32
  %10 = mul nsw i32 %9, %3
  %11 = add nsw i32 %10, %7
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds <4 x i8>, <4 x i8> addrspace(1)* %0, i64 %12
  %14 = load <4 x i8>, <4 x i8> addrspace(1)* %13, align 4, !tbaa !9
  %15 = tail call spir_func <4 x float> @_Z14convert_float4Dv4_h(<4 x i8> noundef %14) #3
  %16 = extractelement <4 x float> %15, i64 0
  %17 = extractelement <4 x float> %15, i64 1
  %18 = fmul float %17, 5.000000e-01
  %19 = tail call float @llvm.fmuladd.f32(float %16, float 2.500000e-01, float %18)
  %20 = extractelement <4 x float> %15, i64 2
  %21 = tail call float @llvm.fmuladd.f32(float %20, float 1.250000e-01, float %19)
  %22 = extractelement <4 x float> %15, i64 3
  %23 = tail call float @llvm.fmuladd.f32(float %22, float 1.250000e-01, float %21)
  %24 = tail call spir_func zeroext i8 @_Z21convert_uchar_sat_rtef(float noundef %23) #3
  %25 = getelementptr inbounds i8, i8 addrspace(1)* %1, i64 %12
  store i8 %24, i8 addrspace(1)* %25, align 1, !tbaa !9
  %26 = shufflevector <4 x i8> %14, <4 x i8> poison, <4 x i32> <i32 2, i32 1, i32 0, i32 3>
  %27 = tail call spir_func <4 x i32> @_Z12convert_int4Dv4_h(<4 x i8> noundef %26) #3
  %28 = insertelement <4 x i32> <i32 poison, i32 poison, i32 poison, i32 0>, i32 %4, i64 0
  %29 = insertelement <4 x i32> %28, i32 %4, i64 1
  %30 = insertelement <4 x i32> %29, i32 %4, i64 2
  %31 = add <4 x i32> %27, %30
  %32 = tail call spir_func <4 x i8> @_Z18convert_uchar4_satDv4_i(<4 x i32> noundef %31) #3
  %33 = getelementptr inbounds <4 x i8>, <4 x i8> addrspace(1)* %2, i64 %12
  store <4 x i8> %32, <4 x i8> addrspace(1)* %33, align 4, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x float> @_Z14convert_float4Dv4_h(<4 x i8> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func zeroext i8 @_Z21convert_uchar_sat_rtef(float noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x i8> @_Z18convert_uchar4_satDv4_i(<4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x i32> @_Z12convert_int4Dv4_h(<4 x i8> noundef) local_unnamed_addr #1

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="128" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 1, i32 1, i32 1, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"uchar4*", !"uchar*", !"uchar4*", !"int", !"int"}
!7 = !{!"uchar __attribute__((ext_vector_type(4)))*", !"uchar*", !"uchar __attribute__((ext_vector_type(4)))*", !"int", !"int"}
!8 = !{!"const", !"", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
