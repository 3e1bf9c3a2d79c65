; ModuleID = 'double_arith.cl'
source_filename = "double_arith.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @double_arith(double addrspace(1)* nocapture noundef readonly %0, double addrspace(1)* nocapture noundef readonly %1, double addrspace(1)* nocapture noundef writeonly %2, i64 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = getelementptr inbounds double, double addrspace(1)* %0, i64 %5
  %7 = load double, double addrspace(1)* %6, align 8, !tbaa !8
  %8 = getelementptr inbounds double, double addrspace(1)* %1, i64 %5
  %9 = load double, double addrspace(1)* %8, align 8, !tbaa !8
  %10 = mul i64 %5, 10
  %11 = getelementptr inbounds double, double addrspace(1)* %2, i64 %10
  %12 = fadd double %7, %9
  store double %12, double addrspace(1)* %11, align 8, !tbaa !8
  %13 = fsub double %7, %9
  %14 = getelementptr inbounds double, double addrspace(1)* %11, i64 1
  store double %13, double addrspace(1)* %14, align 8, !tbaa !8
  %15 = fmul double %7, %9
  %16 = getelementptr inbounds double, double addrspace(1)* %11, i64 2
  store double %15, double addrspace(1)* %16, align 8, !tbaa !8
  %17 = fdiv double %7, %9
  %18 = getelementptr inbounds double, double addrspace(1)* %11, i64 3
  store double %17, double addrspace(1)* %18, align 8, !tbaa !8
  %19 = tail call spir_func double @_Z4fabsd(double noundef %7) #3
  %20 = tail call spir_func double @_Z4sqrtd(double noundef %19) #3
  %21 = getelementptr inbounds double, double addrspace(1)* %11, i64 4
  store double %20, double addrspace(1)* %21, align 8, !tbaa !8
  %22 = fneg double %7
  %23 = tail call spir_func double @_Z3fmaddd(double noundef %7, double noundef %9, double noundef %22) #3
  %24 = getelementptr inbounds double, double addrspace(1)* %11, i64 5
  store double %23, double addrspace(1)* %24, align 8, !tbaa !8
  %25 = tail call spir_func double @_Z4fmindd(double noundef %7, double noundef %9) #3
  %26 = tail call spir_func double @_Z4fmaxdd(double noundef %7, double noundef %9) #3
  %27 = tail call double @llvm.fmuladd.f64(double %26, double 5.000000e-01, double %25)
  %28 = getelementptr inbounds double, double addrspace(1)* %11, i64 6
  store double %27, double addrspace(1)* %28, align 8, !tbaa !8
  %29 = tail call spir_func double @_Z5floord(double noundef %7) #3
  %30 = tail call spir_func double @_Z4ceild(double noundef %9) #3
  %31 = fsub double %29, %30
  %32 = getelementptr inbounds double, double addrspace(1)* %11, i64 7
  store double %31, double addrspace(1)* %32, align 8, !tbaa !8
  %33 = fadd double %7, 0.000000e+00
  %34 = fmul double %7, 5.000000e-01
  %35 = fadd double %33, %34
  %36 = fdiv double %7, 3.000000e+00
  %37 = fadd double %35, %36
  %38 = fmul double %7, 2.500000e-01
  %39 = fadd double %37, %38
  %40 = fdiv double %7, 5.000000e+00
  %41 = fadd double %39, %40
  %42 = fdiv double %7, 6.000000e+00
  %43 = fadd double %41, %42
  %44 = fdiv double %7, 7.000000e+00
  %45 = fadd double %43, %44
  %46 = fmul double %7, 1.250000e-01
  %47 = fadd double %45, %46
  %48 = fdiv double %7, 9.000000e+00
  %49 = fadd double %47, %48
  %50 = fdiv double %7, 1.000000e+01
  %51 = fadd double %49, %50
  %52 = fdiv double %7, 1.100000e+01
  %53 = fadd double %51, %52
  %54 = fdiv double %7, 1.200000e+01
  %55 = fadd double %53, %54
  %56 = fdiv double %7, 1.300000e+01
  %57 = fadd double %55, %56
  %58 = fdiv double %7, 1.400000e+01
  %59 = fadd double %57, %58
  %60 = fdiv double %7, 1.500000e+01
  %61 = fadd double %59, %60
  %62 = fmul double %7, 6.250000e-02
  %63 = fadd double %61, %62
  %64 = getelementptr inbounds double, double addrspace(1)* %11, i64 8
  store double %63, double addrspace(1)* %64, align 8, !tbaa !8
  %65 = getelementptr inbounds double, double addrspace(1)* %11, i64 9
  store double %22, double addrspace(1)* %65, align 8, !tbaa !8
  %66 = fcmp olt double %7, %9
  %67 = zext i1 %66 to i32
  %68 = fcmp oeq double %7, %9
  %69 = select i1 %68, i32 2, i32 0
  %70 = or i32 %69, %67
  %71 = tail call spir_func i32 @_Z5isnand(double noundef %17) #3
  %72 = shl i32 %71, 2
  %73 = or i32 %72, %70
  %74 = sext i32 %73 to i64
  %75 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 %5
  store i64 %74, i64 addrspace(1)* %75, align 8, !tbaa !12
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z4sqrtd(double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z4fabsd(double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z3fmaddd(double noundef, double noundef, double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z4fmindd(double noundef, double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z4fmaxdd(double noundef, double noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z5floord(double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func double @_Z4ceild(double noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z5isnand(double noundef) local_unnamed_addr #1

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!6 = !{!"double*", !"double*", !"double*", !"long*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"double", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
