; ModuleID = 'struct_byval.cl'
source_filename = "struct_byval.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%struct.Params = type { float, i32, i8, %struct.Range, [3 x i16], i64 }
%struct.Range = type { float, float }

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @struct_byval(%struct.Params* nocapture noundef readonly byval(%struct.Params) align 8 %0, float addrspace(1)* nocapture noundef readonly %1, float addrspace(1)* nocapture noundef writeonly %2, i64 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = getelementptr inbounds float, float addrspace(1)* %1, i64 %5
  %7 = load float, float addrspace(1)* %6, align 4, !tbaa !8
  %8 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 0
  %9 = load float, float* %8, align 8, !tbaa !12
  %10 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 1
  %11 = load i32, i32* %10, align 4, !tbaa !17
  %12 = sitofp i32 %11 to float
  %13 = tail call float @llvm.fmuladd.f32(float %7, float %9, float %12)
  %14 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 2
  %15 = load i8, i8* %14, align 8, !tbaa !18
  %16 = icmp eq i8 %15, 0
  br i1 %16, label %23, label %17

17:                                               ; preds = %4
  %18 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 3, i32 0
  %19 = load float, float* %18, align 4, !tbaa !19
  %20 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 3, i32 1
  %21 = load float, float* %20, align 8, !tbaa !20
  %22 = tail call spir_func float @_Z5clampfff(float noundef %13, float noundef %19, float noundef %21) #3
  br label %23

23:                                               ; preds = %17, %4
  %24 = phi float [ %22, %17 ], [ %13, %4 ]
  %25 = urem i64 %5, 3
  %26 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 4, i64 %25
  %27 = load i16, i16* %26, align 2, !tbaa !21
  %28 = sitofp i16 %27 to float
  %29 = fadd float %24, %28
  %30 = getelementptr inbounds float, float addrspace(1)* %2, i64 %5
  store float %29, float addrspace(1)* %30, align 4, !tbaa !8
  %31 = icmp eq i64 %5, 0
  br i1 %31, label %32, label %49

32:                                               ; preds = %23
  %33 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 5
  %34 = load i64, i64* %33, align 8, !tbaa !23
  store i64 %34, i64 addrspace(1)* %3, align 8, !tbaa !24
  %35 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 4, i64 0
  %36 = load i16, i16* %35, align 4, !tbaa !21
  %37 = sext i16 %36 to i64
  %38 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 4, i64 1
  %39 = load i16, i16* %38, align 2, !tbaa !21
  %40 = sext i16 %39 to i64
  %41 = add nsw i64 %40, %37
  %42 = getelementptr inbounds %struct.Params, %struct.Params* %0, i64 0, i32 4, i64 2
  %43 = load i16, i16* %42, align 8, !tbaa !21
  %44 = sext i16 %43 to i64
  %45 = add nsw i64 %41, %44
  %46 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 1
  store i64 %45, i64 addrspace(1)* %46, align 8, !tbaa !24
  %47 = sext i8 %15 to i64
  %48 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 2
  store i64 %47, i64 addrspace(1)* %48, align 8, !tbaa !24
  br label %49

49:                                               ; preds = %32, %23
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func float @_Z5clampfff(float noundef, float noundef, float noundef) local_unnamed_addr #1

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
!4 = !{i32 0, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"Params", !"float*", !"float*", !"long*"}
!7 = !{!"", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !9, i64 0}
!13 = !{!"", !9, i64 0, !14, i64 4, !10, i64 8, !15, i64 12, !10, i64 20, !16, i64 32}
!14 = !{!"int", !10, i64 0}
!15 = !{!"", !9, i64 0, !9, i64 4}
!16 = !{!"long", !10, i64 0}
!17 = !{!13, !14, i64 4}
!18 = !{!13, !10, i64 8}
!19 = !{!13, !9, i64 12}
!20 = !{!13, !9, i64 16}
!21 = !{!22, !22, i64 0}
!22 = !{!"short", !10, i64 0}
!23 = !{!13, !16, i64 32}
!24 = !{!16, !16, i64 0}
