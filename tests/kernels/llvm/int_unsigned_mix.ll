; ModuleID = 'int_unsigned_mix.cl'
source_filename = "int_unsigned_mix.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @int_unsigned_mix(i8 addrspace(1)* nocapture noundef readonly %0, i16 addrspace(1)* nocapture noundef readonly %1, i32 addrspace(1)* nocapture noundef readonly %2, i64 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = getelementptr inbounds i8, i8 addrspace(1)* %0, i64 %5
  %7 = load i8, i8 addrspace(1)* %6, align 1, !tbaa !8
  %8 = getelementptr inbounds i16, i16 addrspace(1)* %1, i64 %5
  %9 = load i16, i16 addrspace(1)* %8, align 2, !tbaa !11
  %10 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %5
  %11 = load i32, i32 addrspace(1)* %10, align 4, !tbaa !13
  %12 = shl i64 %5, 3
  %13 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 %12
  %14 = zext i8 %7 to i32
  %15 = zext i16 %9 to i32
  %16 = add nuw nsw i32 %15, %14
  %17 = zext i32 %16 to i64
  store i64 %17, i64 addrspace(1)* %13, align 8, !tbaa !15
  %18 = sext i8 %7 to i64
  %19 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 1
  store i64 %18, i64 addrspace(1)* %19, align 8, !tbaa !15
  %20 = sext i16 %9 to i64
  %21 = mul nsw i64 %20, 3
  %22 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 2
  store i64 %21, i64 addrspace(1)* %22, align 8, !tbaa !15
  %23 = sext i32 %11 to i64
  %24 = zext i16 %9 to i64
  %25 = mul nsw i64 %23, %24
  %26 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 3
  store i64 %25, i64 addrspace(1)* %26, align 8, !tbaa !15
  %27 = mul i32 %11, %15
  %28 = zext i32 %27 to i64
  %29 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 4
  store i64 %28, i64 addrspace(1)* %29, align 8, !tbaa !15
  %30 = lshr i32 %11, 8
  %31 = and i32 %30, 255
  %32 = zext i32 %31 to i64
  %33 = and i32 %11, 65535
  %34 = zext i32 %33 to i64
  %35 = shl nuw nsw i64 %34, 40
  %36 = or i64 %35, %32
  %37 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 5
  store i64 %36, i64 addrspace(1)* %37, align 8, !tbaa !15
  %38 = tail call i64 @llvm.abs.i64(i64 %23, i1 true)
  %39 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 6
  store i64 %38, i64 addrspace(1)* %39, align 8, !tbaa !15
  %40 = icmp ugt i32 %11, %15
  %41 = zext i1 %40 to i64
  %42 = icmp sgt i32 %11, %15
  %43 = select i1 %42, i64 2, i64 0
  %44 = or i64 %43, %41
  %45 = getelementptr inbounds i64, i64 addrspace(1)* %13, i64 7
  store i64 %44, i64 addrspace(1)* %45, align 8, !tbaa !15
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i64 @llvm.abs.i64(i64, i1 immarg) #2

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"uchar*", !"ushort*", !"int*", !"ulong*"}
!7 = !{!"const", !"const", !"const", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"short", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long", !9, i64 0}
