; ModuleID = 'vec16.cl'
source_filename = "vec16.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @vec16(i8 addrspace(1)* noundef %0, i8 addrspace(1)* noundef %1, i8 addrspace(1)* noundef %2, float addrspace(1)* noundef %3, float addrspace(1)* noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %7 = tail call spir_func <16 x i8> @_Z7vload16mPU3AS1Kh(i64 noundef %6, i8 addrspace(1)* noundef %0) #6
  %8 = tail call spir_func <16 x i8> @_Z7vload16mPU3AS1Kh(i64 noundef %6, i8 addrspace(1)* noundef %1) #6
  %9 = tail call spir_func <16 x i8> @_Z7add_satDv16_hS_(<16 x i8> noundef %7, <16 x i8> noundef %8) #5
  %10 = add <16 x i8> %8, %7
  %11 = shufflevector <16 x i8> %9, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %12 = shufflevector <16 x i8> %10, <16 x i8> poison, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %13 = xor <16 x i8> %11, %12
  %14 = mul i64 %6, 3
  tail call spir_func void @_Z8vstore16Dv16_hmPU3AS1h(<16 x i8> noundef %13, i64 noundef %14, i8 addrspace(1)* noundef %2) #7
  %15 = add <16 x i8> %10, <i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7, i8 -7>
  %16 = add i64 %14, 1
  tail call spir_func void @_Z8vstore16Dv16_hmPU3AS1h(<16 x i8> noundef %15, i64 noundef %16, i8 addrspace(1)* noundef %2) #7
  %17 = shufflevector <16 x i8> %8, <16 x i8> poison, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %18 = shufflevector <8 x i8> %17, <8 x i8> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>
  %19 = shufflevector <16 x i8> %7, <16 x i8> %18, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23>
  %20 = add i64 %14, 2
  tail call spir_func void @_Z8vstore16Dv16_hmPU3AS1h(<16 x i8> noundef %19, i64 noundef %20, i8 addrspace(1)* noundef %2) #7
  %21 = tail call spir_func <16 x float> @_Z7vload16mPU3AS1Kf(i64 noundef %6, float addrspace(1)* noundef %3) #6
  %22 = shufflevector <16 x float> %21, <16 x float> poison, <16 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %23 = tail call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %21, <16 x float> <float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01>, <16 x float> %22)
  %24 = shufflevector <16 x float> %23, <16 x float> <float 1.000000e+00, float -2.000000e+00, float 3.500000e+00, float 2.500000e-01, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison>, <16 x i32> <i32 16, i32 1, i32 2, i32 3, i32 4, i32 17, i32 6, i32 7, i32 8, i32 9, i32 18, i32 11, i32 12, i32 13, i32 14, i32 19>
  tail call spir_func void @_Z8vstore16Dv16_fmPU3AS1f(<16 x float> noundef %24, i64 noundef %6, float addrspace(1)* noundef %4) #7
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func <16 x i8> @_Z7vload16mPU3AS1Kh(i64 noundef, i8 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <16 x i8> @_Z7add_satDv16_hS_(<16 x i8> noundef, <16 x i8> noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z8vstore16Dv16_hmPU3AS1h(<16 x i8> noundef, i64 noundef, i8 addrspace(1)* noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func <16 x float> @_Z7vload16mPU3AS1Kf(i64 noundef, float addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>) #4

; Function Attrs: convergent
declare dso_local spir_func void @_Z8vstore16Dv16_fmPU3AS1f(<16 x float> noundef, i64 noundef, float addrspace(1)* noundef) local_unnamed_addr #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="512" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent nounwind readonly willreturn }
attributes #7 = { convergent nounwind }

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
!6 = !{!"uchar*", !"uchar*", !"uchar*", !"float*", !"float*"}
!7 = !{!"const", !"const", !"", !"const", !""}
