; ModuleID = 'half_storage.cl'
source_filename = "half_storage.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @half_storage(half addrspace(1)* noundef %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2, half addrspace(1)* noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %6 = tail call spir_func float @_Z10vload_halfmPU3AS1KDh(i64 noundef %5, half addrspace(1)* noundef %0) #6
  %7 = getelementptr inbounds float, float addrspace(1)* %2, i64 %5
  store float %6, float addrspace(1)* %7, align 4, !tbaa !8
  %8 = getelementptr inbounds float, float addrspace(1)* %1, i64 %5
  %9 = load float, float addrspace(1)* %8, align 4, !tbaa !8
  %10 = shl i64 %5, 2
  tail call spir_func void @_Z11vstore_halffmPU3AS1Dh(float noundef %9, i64 noundef %10, half addrspace(1)* noundef %3) #7
  %11 = or i64 %10, 1
  tail call spir_func void @_Z15vstore_half_rtzfmPU3AS1Dh(float noundef %9, i64 noundef %11, half addrspace(1)* noundef %3) #7
  %12 = or i64 %10, 2
  tail call spir_func void @_Z15vstore_half_rtpfmPU3AS1Dh(float noundef %9, i64 noundef %12, half addrspace(1)* noundef %3) #7
  %13 = or i64 %10, 3
  tail call spir_func void @_Z15vstore_half_rtnfmPU3AS1Dh(float noundef %9, i64 noundef %13, half addrspace(1)* noundef %3) #7
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func float @_Z10vload_halfmPU3AS1KDh(i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func void @_Z11vstore_halffmPU3AS1Dh(float noundef, i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func void @_Z15vstore_half_rtzfmPU3AS1Dh(float noundef, i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func void @_Z15vstore_half_rtpfmPU3AS1Dh(float noundef, i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func void @_Z15vstore_half_rtnfmPU3AS1Dh(float noundef, i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #3

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @half_vectors(half addrspace(1)* noundef %0, half addrspace(1)* noundef %1) local_unnamed_addr #4 !kernel_arg_addr_space !12 !kernel_arg_access_qual !13 !kernel_arg_type !14 !kernel_arg_base_type !14 !kernel_arg_type_qual !15 {
  %3 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %4 = tail call spir_func <2 x float> @_Z11vload_half2mPU3AS1KDh(i64 noundef %3, half addrspace(1)* noundef %0) #6
  %5 = extractelement <2 x float> %4, i64 1
  %6 = insertelement <4 x float> undef, float %5, i64 0
  %7 = extractelement <2 x float> %4, i64 0
  %8 = insertelement <4 x float> %6, float %7, i64 1
  %9 = fmul float %7, 2.000000e+00
  %10 = insertelement <4 x float> %8, float %9, i64 2
  %11 = fadd float %5, 1.000000e+00
  %12 = insertelement <4 x float> %10, float %11, i64 3
  tail call spir_func void @_Z12vstore_half4Dv4_fmPU3AS1Dh(<4 x float> noundef %12, i64 noundef %3, half addrspace(1)* noundef %1) #7
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func <2 x float> @_Z11vload_half2mPU3AS1KDh(i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func void @_Z12vstore_half4Dv4_fmPU3AS1Dh(<4 x float> noundef, i64 noundef, half addrspace(1)* noundef) local_unnamed_addr #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="128" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"half*", !"float*", !"float*", !"half*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{i32 1, i32 1}
!13 = !{!"none", !"none"}
!14 = !{!"half*", !"half*"}
!15 = !{!"const", !""}
