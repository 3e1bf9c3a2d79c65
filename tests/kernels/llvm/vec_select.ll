; ModuleID = 'vec_select.cl'
source_filename = "vec_select.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @vec_select(<4 x i32> addrspace(1)* nocapture noundef readonly %0, <4 x i32> addrspace(1)* nocapture noundef readonly %1, <4 x i32> addrspace(1)* nocapture noundef writeonly %2, <4 x float> addrspace(1)* nocapture noundef readonly %3, <4 x float> addrspace(1)* nocapture noundef writeonly %4, <2 x i16> addrspace(1)* nocapture noundef writeonly %5, <2 x double> addrspace(1)* nocapture noundef writeonly %6) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %9 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %0, i64 %8
  %10 = load <4 x i32>, <4 x i32> addrspace(1)* %9, align 16, !tbaa !9
  %11 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %1, i64 %8
  %12 = load <4 x i32>, <4 x i32> addrspace(1)* %11, align 16, !tbaa !9
  %13 = icmp slt <4 x i32> %10, %12
  %14 = sext <4 x i1> %13 to <4 x i32>
  %15 = icmp eq <4 x i32> %10, %12
  %16 = sext <4 x i1> %15 to <4 x i32>
  %17 = shl i64 %8, 2
  %18 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %2, i64 %17
  store <4 x i32> %14, <4 x i32> addrspace(1)* %18, align 16, !tbaa !9
  %19 = tail call spir_func <4 x i32> @_Z6selectDv4_iS_S_(<4 x i32> noundef %10, <4 x i32> noundef %12, <4 x i32> noundef %14) #3
  %20 = or i64 %17, 1
  %21 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %2, i64 %20
  store <4 x i32> %19, <4 x i32> addrspace(1)* %21, align 16, !tbaa !9
  %22 = sub <4 x i32> %10, %12
  %23 = select <4 x i1> %15, <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> %22
  %24 = or i64 %17, 2
  %25 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %2, i64 %24
  store <4 x i32> %23, <4 x i32> addrspace(1)* %25, align 16, !tbaa !9
  %26 = tail call spir_func i32 @_Z3anyDv4_i(<4 x i32> noundef %14) #3
  %27 = insertelement <4 x i32> undef, i32 %26, i64 0
  %28 = tail call spir_func i32 @_Z3allDv4_i(<4 x i32> noundef %14) #3
  %29 = insertelement <4 x i32> %27, i32 %28, i64 1
  %30 = tail call spir_func i32 @_Z3anyDv4_i(<4 x i32> noundef %16) #3
  %31 = insertelement <4 x i32> %29, i32 %30, i64 2
  %32 = icmp sge <4 x i32> %10, %12
  %33 = sext <4 x i1> %32 to <4 x i32>
  %34 = tail call spir_func i32 @_Z3allDv4_i(<4 x i32> noundef %33) #3
  %35 = insertelement <4 x i32> %31, i32 %34, i64 3
  %36 = or i64 %17, 3
  %37 = getelementptr inbounds <4 x i32>, <4 x i32> addrspace(1)* %2, i64 %36
  store <4 x i32> %35, <4 x i32> addrspace(1)* %37, align 16, !tbaa !9
  %38 = shl i64 %8, 1
  %39 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %3, i64 %38
  %40 = load <4 x float>, <4 x float> addrspace(1)* %39, align 16, !tbaa !9
  %41 = or i64 %38, 1
  %42 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %3, i64 %41
  %43 = load <4 x float>, <4 x float> addrspace(1)* %42, align 16, !tbaa !9
  %44 = tail call spir_func <4 x i32> @_Z9isgreaterDv4_fS_(<4 x float> noundef %40, <4 x float> noundef %43) #3
  %45 = tail call spir_func <4 x float> @_Z6selectDv4_fS_Dv4_i(<4 x float> noundef %40, <4 x float> noundef %43, <4 x i32> noundef %44) #3
  %46 = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %4, i64 %8
  store <4 x float> %45, <4 x float> addrspace(1)* %46, align 16, !tbaa !9
  %47 = shufflevector <4 x i32> %10, <4 x i32> poison, <2 x i32> <i32 0, i32 1>
  %48 = tail call spir_func <2 x i16> @_Z14convert_short2Dv2_i(<2 x i32> noundef %47) #3
  %49 = tail call <2 x i16> @llvm.abs.v2i16(<2 x i16> %48, i1 false)
  %50 = getelementptr inbounds <2 x i16>, <2 x i16> addrspace(1)* %5, i64 %8
  store <2 x i16> %49, <2 x i16> addrspace(1)* %50, align 4, !tbaa !9
  %51 = shufflevector <4 x i32> %10, <4 x i32> poison, <2 x i32> <i32 2, i32 3>
  %52 = tail call spir_func <2 x double> @_Z15convert_double2Dv2_i(<2 x i32> noundef %51) #3
  %53 = shufflevector <4 x i32> %12, <4 x i32> poison, <2 x i32> <i32 2, i32 3>
  %54 = tail call spir_func <2 x double> @_Z15convert_double2Dv2_i(<2 x i32> noundef %53) #3
  %55 = fcmp olt <2 x double> %52, %54
  %56 = fmul <2 x double> %52, <double 5.000000e-01, double 5.000000e-01>
  %57 = fadd <2 x double> %52, <double 1.000000e+00, double 1.000000e+00>
  %58 = select <2 x i1> %55, <2 x double> %56, <2 x double> %57
  %59 = getelementptr inbounds <2 x double>, <2 x double> addrspace(1)* %6, i64 %8
  store <2 x double> %58, <2 x double> addrspace(1)* %59, align 16, !tbaa !9
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x i32> @_Z6selectDv4_iS_S_(<4 x i32> noundef, <4 x i32> noundef, <4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3anyDv4_i(<4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3allDv4_i(<4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x float> @_Z6selectDv4_fS_Dv4_i(<4 x float> noundef, <4 x float> noundef, <4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <4 x i32> @_Z9isgreaterDv4_fS_(<4 x float> noundef, <4 x float> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <2 x i16> @_Z14convert_short2Dv2_i(<2 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func <2 x double> @_Z15convert_double2Dv2_i(<2 x i32> noundef) local_unnamed_addr #1

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare <2 x i16> @llvm.abs.v2i16(<2 x i16>, i1 immarg) #2

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="128" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int4*", !"int4*", !"int4*", !"float4*", !"float4*", !"short2*", !"double2*"}
!7 = !{!"int __attribute__((ext_vector_type(4)))*", !"int __attribute__((ext_vector_type(4)))*", !"int __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"short __attribute__((ext_vector_type(2)))*", !"double __attribute__((ext_vector_type(2)))*"}
!8 = !{!"const", !"const", !"", !"const", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
