; ModuleID = 'local_vectors.cl'
source_filename = "local_vectors.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@local_vectors.il = internal unnamed_addr addrspace(3) global [32 x <4 x i32>] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @local_vectors(<4 x i32> addrspace(1)* nocapture noundef readonly %0, <2 x float> addrspace(1)* nocapture noundef readonly %1, <4 x i32> addrspace(1)* nocapture noundef writeonly %2, <2 x float> addrspace(1)* nocapture noundef writeonly %3, <2 x float> addrspace(3)* nocapture noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %6 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %9 = trunc i64 %8 to i32
  %10 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %11 = shl i64 %10, 32
  %12 = ashr exact i64 %11, 32
  %13 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %0, i64 %12
  %14 = load <4 x i32>, <4 x i32> addrspace(1)* %13, align 16, !tbaa !9
  %15 = sext i32 %7 to i64
  %16 = getelementptr inbounds [32 x <4 x i32>], [32 x <4 x i32>] addrspace(3)* @local_vectors.il, i64 0, i64 %15
  store <4 x i32> %14, <4 x i32> addrspace(3)* %16, align 16, !tbaa !9
  %17 = getelementptr inbounds <2 x float>, <2 x float> addrspace(1)* %1, i64 %12
  %18 = load <2 x float>, <2 x float> addrspace(1)* %17, align 8, !tbaa !9
  %19 = getelementptr inbounds <2 x float>, <2 x float> addrspace(3)* %4, i64 %15
  store <2 x float> %18, <2 x float> addrspace(3)* %19, align 8, !tbaa !9
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %20 = add nsw i32 %7, 1
  %21 = srem i32 %20, %9
  %22 = sext i32 %21 to i64
  %23 = getelementptr inbounds [32 x <4 x i32>], [32 x <4 x i32>] addrspace(3)* @local_vectors.il, i64 0, i64 %22
  %24 = load <4 x i32>, <4 x i32> addrspace(3)* %23, align 16, !tbaa !9
  %25 = xor i32 %7, -1
  %26 = add i32 %9, %25
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds <2 x float>, <2 x float> addrspace(3)* %4, i64 %27
  %29 = load <2 x float>, <2 x float> addrspace(3)* %28, align 8, !tbaa !9
  %30 = shufflevector <4 x i32> %24, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %31 = load <4 x i32>, <4 x i32> addrspace(3)* %16, align 16, !tbaa !9
  %32 = add <4 x i32> %31, %30
  %33 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %2, i64 %12
  store <4 x i32> %32, <4 x i32> addrspace(1)* %33, align 16, !tbaa !9
  %34 = fmul <2 x float> %29, <float 2.000000e+00, float -1.000000e+00>
  %35 = getelementptr inbounds <2 x float>, <2 x float> addrspace(1)* %3, i64 %12
  store <2 x float> %34, <2 x float> addrspace(1)* %35, align 8, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 3}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int4*", !"float2*", !"int4*", !"float2*", !"float2*"}
!7 = !{!"int __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(2)))*", !"int __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(2)))*", !"float __attribute__((ext_vector_type(2)))*"}
!8 = !{!"const", !"const", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
