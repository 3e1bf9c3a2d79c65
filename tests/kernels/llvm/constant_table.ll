; ModuleID = 'constant_table.cl'
source_filename = "constant_table.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%struct.Entry = type { i16, i8, i32 }

@primes = dso_local local_unnamed_addr addrspace(2) constant [16 x i32] [i32 2, i32 3, i32 5, i32 7, i32 11, i32 13, i32 17, i32 19, i32 23, i32 29, i32 31, i32 37, i32 41, i32 43, i32 47, i32 53], align 4
@weights = dso_local local_unnamed_addr addrspace(2) constant [5 x float] [float 6.250000e-02, float 2.500000e-01, float 3.750000e-01, float 2.500000e-01, float 6.250000e-02], align 4
@entries = dso_local local_unnamed_addr addrspace(2) constant [4 x %struct.Entry] [%struct.Entry { i16 1, i8 -2, i32 300000 }, %struct.Entry { i16 -4, i8 5, i32 -6 }, %struct.Entry { i16 7, i8 8, i32 9 }, %struct.Entry { i16 -32768, i8 -128, i32 2147483647 }], align 4
@message = dso_local local_unnamed_addr addrspace(2) constant [8 x i8] c"spirjit\00", align 1

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @constant_table(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(2)* nocapture noundef readonly %1, i32 addrspace(1)* nocapture noundef writeonly %2, float addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %5
  %7 = load i32, i32 addrspace(1)* %6, align 4, !tbaa !8
  %8 = and i32 %7, 3
  %9 = zext i32 %8 to i64
  %10 = getelementptr inbounds [4 x %struct.Entry], [4 x %struct.Entry] addrspace(2)* @entries, i64 0, i64 %9, i32 0
  %11 = load i16, i16 addrspace(2)* %10, align 4, !tbaa.struct !12
  %12 = getelementptr inbounds [4 x %struct.Entry], [4 x %struct.Entry] addrspace(2)* @entries, i64 0, i64 %9, i32 1
  %13 = load i8, i8 addrspace(2)* %12, align 2, !tbaa.struct !16
  %14 = getelementptr inbounds [4 x %struct.Entry], [4 x %struct.Entry] addrspace(2)* @entries, i64 0, i64 %9, i32 2
  %15 = load i32, i32 addrspace(2)* %14, align 4, !tbaa.struct !17
  %16 = and i32 %7, 15
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(2)* @primes, i64 0, i64 %17
  %19 = load i32, i32 addrspace(2)* %18, align 4, !tbaa !8
  %20 = urem i32 %7, 3
  %21 = zext i32 %20 to i64
  %22 = getelementptr inbounds i32, i32 addrspace(2)* %1, i64 %21
  %23 = load i32, i32 addrspace(2)* %22, align 4, !tbaa !8
  %24 = mul nsw i32 %23, %19
  %25 = shl i64 %5, 2
  %26 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %25
  store i32 %24, i32 addrspace(1)* %26, align 4, !tbaa !8
  %27 = sext i16 %11 to i32
  %28 = sext i8 %13 to i32
  %29 = add nsw i32 %28, %27
  %30 = add nsw i32 %29, %15
  %31 = or i64 %25, 1
  %32 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %31
  store i32 %30, i32 addrspace(1)* %32, align 4, !tbaa !8
  %33 = urem i32 %7, 7
  %34 = zext i32 %33 to i64
  %35 = getelementptr inbounds [8 x i8], [8 x i8] addrspace(2)* @message, i64 0, i64 %34
  %36 = load i8, i8 addrspace(2)* %35, align 1, !tbaa !15
  %37 = sext i8 %36 to i32
  %38 = or i64 %25, 2
  %39 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %38
  store i32 %37, i32 addrspace(1)* %39, align 4, !tbaa !8
  %40 = lshr i32 %7, 4
  %41 = and i32 %40, 3
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds [4 x %struct.Entry], [4 x %struct.Entry] addrspace(2)* @entries, i64 0, i64 %42, i32 2
  %44 = load i32, i32 addrspace(2)* %43, align 4, !tbaa !18
  %45 = or i64 %25, 3
  %46 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %45
  store i32 %44, i32 addrspace(1)* %46, align 4, !tbaa !8
  %47 = uitofp i32 %16 to float
  %48 = tail call float @llvm.fmuladd.f32(float %47, float 6.250000e-02, float 0.000000e+00)
  %49 = lshr i32 %7, 1
  %50 = and i32 %49, 15
  %51 = uitofp i32 %50 to float
  %52 = tail call float @llvm.fmuladd.f32(float %51, float 2.500000e-01, float %48)
  %53 = lshr i32 %7, 2
  %54 = and i32 %53, 15
  %55 = uitofp i32 %54 to float
  %56 = tail call float @llvm.fmuladd.f32(float %55, float 3.750000e-01, float %52)
  %57 = lshr i32 %7, 3
  %58 = and i32 %57, 15
  %59 = uitofp i32 %58 to float
  %60 = tail call float @llvm.fmuladd.f32(float %59, float 2.500000e-01, float %56)
  %61 = and i32 %40, 15
  %62 = uitofp i32 %61 to float
  %63 = tail call float @llvm.fmuladd.f32(float %62, float 6.250000e-02, float %60)
  %64 = getelementptr inbounds float, float addrspace(1)* %3, i64 %5
  store float %63, float addrspace(1)* %64, align 4, !tbaa !20
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #2

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
!4 = !{i32 1, i32 2, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"uint*", !"int*", !"int*", !"float*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{i64 0, i64 2, !13, i64 2, i64 1, !15, i64 4, i64 4, !8}
!13 = !{!14, !14, i64 0}
!14 = !{!"short", !10, i64 0}
!15 = !{!10, !10, i64 0}
!16 = !{i64 0, i64 1, !15, i64 2, i64 4, !8}
!17 = !{i64 0, i64 4, !8}
!18 = !{!19, !9, i64 4}
!19 = !{!"", !14, i64 0, !10, i64 2, !9, i64 4}
!20 = !{!21, !21, i64 0}
!21 = !{!"float", !10, i64 0}
