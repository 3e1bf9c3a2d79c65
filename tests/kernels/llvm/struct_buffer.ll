; ModuleID = 'struct_buffer.cl'
source_filename = "struct_buffer.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%struct.Particle = type { i32, %struct.Inner, [4 x float], double, <4 x float> }
%struct.Inner = type { i16, i8, float }
%struct.Result = type { i64, float, i32, <4 x float>, %struct.Inner, [8 x i8] }

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @struct_buffer(%struct.Particle addrspace(1)* nocapture noundef readonly %0, %struct.Result addrspace(1)* nocapture noundef writeonly %1) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %3 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %4 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3
  %5 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %4, i64 0, i32 0
  %6 = load i32, i32 addrspace(1)* %5, align 16, !tbaa.struct !8
  %7 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 1, i32 0
  %8 = load i16, i16 addrspace(1)* %7, align 4, !tbaa.struct !20
  %9 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 1, i32 1
  %10 = load i8, i8 addrspace(1)* %9, align 2, !tbaa.struct !21
  %11 = bitcast %struct.Particle addrspace(1)* %4 to i8 addrspace(1)*
  %12 = getelementptr inbounds i8, i8 addrspace(1)* %11, i64 7
  %13 = load i8, i8 addrspace(1)* %12, align 1, !tbaa.struct !22
  %14 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 1, i32 2
  %15 = load float, float addrspace(1)* %14, align 8, !tbaa.struct !23
  %16 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 2, i64 0
  %17 = load float, float addrspace(1)* %16, align 4, !tbaa.struct !24
  %18 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 2, i64 1
  %19 = load float, float addrspace(1)* %18, align 16, !tbaa.struct !25
  %20 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 2, i64 2
  %21 = load float, float addrspace(1)* %20, align 4, !tbaa.struct !26
  %22 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 2, i64 3
  %23 = load float, float addrspace(1)* %22, align 8, !tbaa.struct !27
  %24 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 3
  %25 = load double, double addrspace(1)* %24, align 16, !tbaa.struct !28
  %26 = getelementptr inbounds %struct.Particle, %struct.Particle addrspace(1)* %0, i64 %3, i32 4
  %27 = load <4 x float>, <4 x float> addrspace(1)* %26, align 16, !tbaa.struct !29
  %28 = sext i32 %6 to i64
  %29 = shl nsw i64 %28, 1
  %30 = fadd float %17, %19
  %31 = fadd float %30, %21
  %32 = fadd float %31, %23
  %33 = fadd float %15, %32
  %34 = fptrunc double %25 to float
  %35 = fadd float %33, %34
  %36 = zext i8 %10 to i32
  %37 = sext i16 %8 to i32
  %38 = add nsw i32 %36, %37
  %39 = fmul <4 x float> %27, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %40 = add i16 %8, 1
  %41 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3
  %42 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %41, i64 0, i32 0
  store i64 %29, i64 addrspace(1)* %42, align 16, !tbaa.struct !30
  %43 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 1
  store float %35, float addrspace(1)* %43, align 8, !tbaa.struct !33
  %44 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 2
  store i32 %38, i32 addrspace(1)* %44, align 4, !tbaa.struct !34
  %45 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 3
  store <4 x float> %39, <4 x float> addrspace(1)* %45, align 16, !tbaa.struct !35
  %46 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 4, i32 0
  store i16 %40, i16 addrspace(1)* %46, align 16, !tbaa.struct !36
  %47 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 4, i32 1
  store i8 %10, i8 addrspace(1)* %47, align 2, !tbaa.struct !37
  %48 = bitcast %struct.Result addrspace(1)* %41 to i8 addrspace(1)*
  %49 = getelementptr inbounds i8, i8 addrspace(1)* %48, i64 35
  store i8 %13, i8 addrspace(1)* %49, align 1, !tbaa.struct !38
  %50 = getelementptr inbounds %struct.Result, %struct.Result addrspace(1)* %1, i64 %3, i32 4, i32 2
  store float %15, float addrspace(1)* %50, align 2, !tbaa.struct !39
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1}
!5 = !{!"none", !"none"}
!6 = !{!"Particle*", !"Result*"}
!7 = !{!"const", !""}
!8 = !{i64 0, i64 4, !9, i64 4, i64 2, !13, i64 6, i64 1, !15, i64 8, i64 4, !16, i64 12, i64 16, !15, i64 32, i64 8, !18, i64 48, i64 16, !15}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"short", !11, i64 0}
!15 = !{!11, !11, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !11, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"double", !11, i64 0}
!20 = !{i64 0, i64 2, !13, i64 2, i64 1, !15, i64 4, i64 4, !16, i64 8, i64 16, !15, i64 28, i64 8, !18, i64 44, i64 16, !15}
!21 = !{i64 0, i64 1, !15, i64 2, i64 4, !16, i64 6, i64 16, !15, i64 26, i64 8, !18, i64 42, i64 16, !15}
!22 = !{i64 1, i64 4, !16, i64 5, i64 16, !15, i64 25, i64 8, !18, i64 41, i64 16, !15}
!23 = !{i64 0, i64 4, !16, i64 4, i64 16, !15, i64 24, i64 8, !18, i64 40, i64 16, !15}
!24 = !{i64 0, i64 16, !15, i64 20, i64 8, !18, i64 36, i64 16, !15}
!25 = !{i64 0, i64 12, !15, i64 16, i64 8, !18, i64 32, i64 16, !15}
!26 = !{i64 0, i64 8, !15, i64 12, i64 8, !18, i64 28, i64 16, !15}
!27 = !{i64 0, i64 4, !15, i64 8, i64 8, !18, i64 24, i64 16, !15}
!28 = !{i64 0, i64 8, !18, i64 16, i64 16, !15}
!29 = !{i64 0, i64 16, !15}
!30 = !{i64 0, i64 8, !31, i64 8, i64 4, !16, i64 12, i64 4, !9, i64 16, i64 16, !15, i64 32, i64 2, !13, i64 34, i64 1, !15, i64 36, i64 4, !16}
!31 = !{!32, !32, i64 0}
!32 = !{!"long", !11, i64 0}
!33 = !{i64 0, i64 4, !16, i64 4, i64 4, !9, i64 8, i64 16, !15, i64 24, i64 2, !13, i64 26, i64 1, !15, i64 28, i64 4, !16}
!34 = !{i64 0, i64 4, !9, i64 4, i64 16, !15, i64 20, i64 2, !13, i64 22, i64 1, !15, i64 24, i64 4, !16}
!35 = !{i64 0, i64 16, !15, i64 16, i64 2, !13, i64 18, i64 1, !15, i64 20, i64 4, !16}
!36 = !{i64 0, i64 2, !13, i64 2, i64 1, !15, i64 4, i64 4, !16}
!37 = !{i64 0, i64 1, !15, i64 2, i64 4, !16}
!38 = !{i64 1, i64 4, !16}
!39 = !{i64 0, i64 4, !16}
