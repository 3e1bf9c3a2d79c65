; ModuleID = 'int_short.cl'
source_filename = "int_short.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @int_short(i16 addrspace(1)* nocapture noundef readonly %0, i16 addrspace(1)* nocapture noundef readonly %1, i16 addrspace(1)* nocapture noundef writeonly %2, i32 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %6 = getelementptr inbounds i16, i16 addrspace(1)* %0, i64 %5
  %7 = load i16, i16 addrspace(1)* %6, align 2, !tbaa !8
  %8 = getelementptr inbounds i16, i16 addrspace(1)* %1, i64 %5
  %9 = load i16, i16 addrspace(1)* %8, align 2, !tbaa !8
  %10 = icmp eq i16 %9, 0
  %11 = select i1 %10, i16 1, i16 %9
  %12 = icmp eq i16 %11, -1
  %13 = icmp eq i16 %7, -32768
  %14 = select i1 %12, i1 %13, i1 false
  %15 = select i1 %10, i16 3, i16 %9
  %16 = icmp eq i16 %15, -1
  %17 = select i1 %16, i1 %13, i1 false
  %18 = mul i64 %5, 12
  %19 = getelementptr inbounds i16, i16 addrspace(1)* %2, i64 %18
  %20 = add i16 %9, %7
  store i16 %20, i16 addrspace(1)* %19, align 2, !tbaa !8
  %21 = sub i16 %7, %9
  %22 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 1
  store i16 %21, i16 addrspace(1)* %22, align 2, !tbaa !8
  %23 = mul i16 %9, %7
  %24 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 2
  store i16 %23, i16 addrspace(1)* %24, align 2, !tbaa !8
  %25 = sext i16 %7 to i32
  %26 = sext i16 %11 to i32
  %27 = select i1 %14, i32 1, i32 %26
  %28 = sdiv i32 %25, %27
  %29 = trunc i32 %28 to i16
  %30 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 3
  store i16 %29, i16 addrspace(1)* %30, align 2, !tbaa !8
  %31 = sext i16 %15 to i32
  %32 = select i1 %17, i32 1, i32 %31
  %33 = srem i32 %25, %32
  %34 = trunc i32 %33 to i16
  %35 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 4
  store i16 %34, i16 addrspace(1)* %35, align 2, !tbaa !8
  %36 = udiv i16 %7, %11
  %37 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 5
  store i16 %36, i16 addrspace(1)* %37, align 2, !tbaa !8
  %38 = urem i16 %7, %15
  %39 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 6
  store i16 %38, i16 addrspace(1)* %39, align 2, !tbaa !8
  %40 = and i16 %9, 15
  %41 = shl i16 %7, %40
  %42 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 7
  store i16 %41, i16 addrspace(1)* %42, align 2, !tbaa !8
  %43 = ashr i16 %7, %40
  %44 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 8
  store i16 %43, i16 addrspace(1)* %44, align 2, !tbaa !8
  %45 = lshr i16 %7, %40
  %46 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 9
  store i16 %45, i16 addrspace(1)* %46, align 2, !tbaa !8
  %47 = and i16 %9, %7
  %48 = xor i16 %7, -1
  %49 = lshr i16 %9, 1
  %50 = or i16 %49, %48
  %51 = xor i16 %50, %47
  %52 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 10
  store i16 %51, i16 addrspace(1)* %52, align 2, !tbaa !8
  %53 = sub i16 0, %7
  %54 = getelementptr inbounds i16, i16 addrspace(1)* %19, i64 11
  store i16 %53, i16 addrspace(1)* %54, align 2, !tbaa !8
  %55 = icmp slt i16 %7, %9
  %56 = zext i1 %55 to i32
  %57 = icmp sgt i16 %7, %9
  %58 = select i1 %57, i32 0, i32 2
  %59 = or i32 %58, %56
  %60 = select i1 %57, i32 4, i32 0
  %61 = or i32 %59, %60
  %62 = select i1 %55, i32 0, i32 8
  %63 = or i32 %61, %62
  %64 = icmp eq i16 %7, %9
  %65 = select i1 %64, i32 16, i32 0
  %66 = or i32 %63, %65
  %67 = select i1 %64, i32 0, i32 32
  %68 = or i32 %66, %67
  %69 = icmp ult i16 %7, %9
  %70 = select i1 %69, i32 64, i32 0
  %71 = or i32 %68, %70
  %72 = icmp ugt i16 %7, %9
  %73 = select i1 %72, i32 0, i32 128
  %74 = or i32 %71, %73
  %75 = select i1 %72, i32 256, i32 0
  %76 = or i32 %74, %75
  %77 = select i1 %69, i32 0, i32 512
  %78 = or i32 %76, %77
  %79 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %5
  store i32 %78, i32 addrspace(1)* %79, align 4, !tbaa !12
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
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"short*", !"short*", !"short*", !"int*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"short", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
