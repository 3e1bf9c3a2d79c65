; ModuleID = 'conversions.cl'
source_filename = "conversions.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @conversions(float addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef readonly %1, double addrspace(1)* nocapture noundef readonly %2, i32 addrspace(1)* nocapture noundef writeonly %3, float addrspace(1)* nocapture noundef writeonly %4, i8 addrspace(1)* nocapture noundef writeonly %5, double addrspace(1)* nocapture noundef writeonly %6) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %9 = getelementptr inbounds float, float addrspace(1)* %0, i64 %8
  %10 = load float, float addrspace(1)* %9, align 4, !tbaa !8
  %11 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %8
  %12 = load i32, i32 addrspace(1)* %11, align 4, !tbaa !12
  %13 = getelementptr inbounds double, double addrspace(1)* %2, i64 %8
  %14 = load double, double addrspace(1)* %13, align 8, !tbaa !14
  %15 = mul i64 %8, 6
  %16 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %15
  %17 = tail call spir_func i32 @_Z15convert_int_satf(float noundef %10) #2
  store i32 %17, i32 addrspace(1)* %16, align 4, !tbaa !12
  %18 = tail call spir_func float @_Z4fmaxff(float noundef %10, float noundef -1.000000e+09) #2
  %19 = tail call spir_func float @_Z4fminff(float noundef %18, float noundef 1.000000e+09) #2
  %20 = fptosi float %19 to i32
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %16, i64 1
  store i32 %20, i32 addrspace(1)* %21, align 4, !tbaa !12
  %22 = getelementptr inbounds i32, i32 addrspace(1)* %16, i64 2
  %23 = bitcast i32 addrspace(1)* %22 to float addrspace(1)*
  store float %10, float addrspace(1)* %23, align 4, !tbaa !12
  %24 = tail call spir_func i32 @_Z19convert_int_sat_rtnd(double noundef %14) #2
  %25 = getelementptr inbounds i32, i32 addrspace(1)* %16, i64 3
  store i32 %24, i32 addrspace(1)* %25, align 4, !tbaa !12
  %26 = tail call spir_func i32 @_Z15convert_int_rtef(float noundef %19) #2
  %27 = getelementptr inbounds i32, i32 addrspace(1)* %16, i64 4
  store i32 %26, i32 addrspace(1)* %27, align 4, !tbaa !12
  %28 = tail call spir_func i32 @_Z16convert_uint_satf(float noundef %10) #2
  %29 = getelementptr inbounds i32, i32 addrspace(1)* %16, i64 5
  store i32 %28, i32 addrspace(1)* %29, align 4, !tbaa !12
  %30 = mul i64 %8, 7
  %31 = getelementptr inbounds float, float addrspace(1)* %4, i64 %30
  %32 = tail call spir_func float @_Z17convert_float_rtzi(i32 noundef %12) #2
  store float %32, float addrspace(1)* %31, align 4, !tbaa !8
  %33 = tail call spir_func float @_Z17convert_float_rtni(i32 noundef %12) #2
  %34 = getelementptr inbounds float, float addrspace(1)* %31, i64 1
  store float %33, float addrspace(1)* %34, align 4, !tbaa !8
  %35 = tail call spir_func float @_Z17convert_float_rtpi(i32 noundef %12) #2
  %36 = getelementptr inbounds float, float addrspace(1)* %31, i64 2
  store float %35, float addrspace(1)* %36, align 4, !tbaa !8
  %37 = sitofp i32 %12 to float
  %38 = getelementptr inbounds float, float addrspace(1)* %31, i64 3
  store float %37, float addrspace(1)* %38, align 4, !tbaa !8
  %39 = tail call spir_func float @_Z13convert_floatj(i32 noundef %12) #2
  %40 = getelementptr inbounds float, float addrspace(1)* %31, i64 4
  store float %39, float addrspace(1)* %40, align 4, !tbaa !8
  %41 = getelementptr inbounds float, float addrspace(1)* %31, i64 5
  %42 = bitcast float addrspace(1)* %41 to i32 addrspace(1)*
  store i32 %12, i32 addrspace(1)* %42, align 4, !tbaa !8
  %43 = fptrunc double %14 to float
  %44 = getelementptr inbounds float, float addrspace(1)* %31, i64 6
  store float %43, float addrspace(1)* %44, align 4, !tbaa !8
  %45 = mul i64 %8, 3
  %46 = getelementptr inbounds i8, i8 addrspace(1)* %5, i64 %45
  %47 = tail call spir_func zeroext i8 @_Z21convert_uchar_sat_rtef(float noundef %10) #2
  store i8 %47, i8 addrspace(1)* %46, align 1, !tbaa !16
  %48 = tail call spir_func zeroext i8 @_Z17convert_uchar_sati(i32 noundef %12) #2
  %49 = getelementptr inbounds i8, i8 addrspace(1)* %46, i64 1
  store i8 %48, i8 addrspace(1)* %49, align 1, !tbaa !16
  %50 = tail call spir_func zeroext i8 @_Z13convert_uchari(i32 noundef %12) #2
  %51 = getelementptr inbounds i8, i8 addrspace(1)* %46, i64 2
  store i8 %50, i8 addrspace(1)* %51, align 1, !tbaa !16
  %52 = getelementptr inbounds double, double addrspace(1)* %6, i64 %45
  %53 = fpext float %10 to double
  store double %53, double addrspace(1)* %52, align 8, !tbaa !14
  %54 = sitofp i32 %12 to double
  %55 = getelementptr inbounds double, double addrspace(1)* %52, i64 1
  store double %54, double addrspace(1)* %55, align 8, !tbaa !14
  %56 = zext i32 %12 to i64
  %57 = shl nuw nsw i64 %56, 20
  %58 = tail call spir_func double @_Z14convert_doublem(i64 noundef %57) #2
  %59 = getelementptr inbounds double, double addrspace(1)* %52, i64 2
  store double %58, double addrspace(1)* %59, align 8, !tbaa !14
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z15convert_int_satf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fminff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z4fmaxff(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z19convert_int_sat_rtnd(double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z15convert_int_rtef(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z16convert_uint_satf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z17convert_float_rtzi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z17convert_float_rtni(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z17convert_float_rtpi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z13convert_floatj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func zeroext i8 @_Z21convert_uchar_sat_rtef(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func zeroext i8 @_Z17convert_uchar_sati(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func zeroext i8 @_Z13convert_uchari(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z14convert_doublem(i64 noundef) local_unnamed_addr #1

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind readnone willreturn }

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
!6 = !{!"float*", !"int*", !"double*", !"int*", !"float*", !"uchar*", !"double*"}
!7 = !{!"const", !"const", !"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !10, i64 0}
!16 = !{!10, !10, i64 0}
