; ModuleID = 'int_int.cl'
source_filename = "int_int.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @int_int(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef readonly %1, i32 addrspace(1)* nocapture noundef writeonly %2, i32 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %5
  %7 = load i32, i32 addrspace(1)* %6, align 4, !tbaa !8
  %8 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %5
  %9 = load i32, i32 addrspace(1)* %8, align 4, !tbaa !8
  %10 = icmp eq i32 %9, 0
  %11 = select i1 %10, i32 1, i32 %9
  %12 = icmp eq i32 %11, -1
  %13 = icmp eq i32 %7, -2147483648
  %14 = select i1 %12, i1 %13, i1 false
  %15 = select i1 %14, i32 1, i32 %11
  %16 = select i1 %10, i32 3, i32 %9
  %17 = icmp eq i32 %16, -1
  %18 = select i1 %17, i1 %13, i1 false
  %19 = select i1 %18, i32 1, i32 %16
  %20 = mul i64 %5, 12
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %20
  %22 = add i32 %9, %7
  store i32 %22, i32 addrspace(1)* %21, align 4, !tbaa !8
  %23 = sub i32 %7, %9
  %24 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 1
  store i32 %23, i32 addrspace(1)* %24, align 4, !tbaa !8
  %25 = mul i32 %9, %7
  %26 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 2
  store i32 %25, i32 addrspace(1)* %26, align 4, !tbaa !8
  %27 = sdiv i32 %7, %15
  %28 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 3
  store i32 %27, i32 addrspace(1)* %28, align 4, !tbaa !8
  %29 = srem i32 %7, %19
  %30 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 4
  store i32 %29, i32 addrspace(1)* %30, align 4, !tbaa !8
  %31 = udiv i32 %7, %11
  %32 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 5
  store i32 %31, i32 addrspace(1)* %32, align 4, !tbaa !8
  %33 = urem i32 %7, %16
  %34 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 6
  store i32 %33, i32 addrspace(1)* %34, align 4, !tbaa !8
  %35 = and i32 %9, 31
  %36 = shl i32 %7, %35
  %37 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 7
  store i32 %36, i32 addrspace(1)* %37, align 4, !tbaa !8
  %38 = ashr i32 %7, %35
  %39 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 8
  store i32 %38, i32 addrspace(1)* %39, align 4, !tbaa !8
  %40 = lshr i32 %7, %35
  %41 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 9
  store i32 %40, i32 addrspace(1)* %41, align 4, !tbaa !8
  %42 = and i32 %9, %7
  %43 = xor i32 %7, -1
  %44 = lshr i32 %9, 1
  %45 = or i32 %44, %43
  %46 = xor i32 %45, %42
  %47 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 10
  store i32 %46, i32 addrspace(1)* %47, align 4, !tbaa !8
  %48 = sub i32 0, %7
  %49 = getelementptr inbounds i32, i32 addrspace(1)* %21, i64 11
  store i32 %48, i32 addrspace(1)* %49, align 4, !tbaa !8
  %50 = icmp slt i32 %7, %9
  %51 = zext i1 %50 to i32
  %52 = icmp sgt i32 %7, %9
  %53 = select i1 %52, i32 0, i32 2
  %54 = or i32 %53, %51
  %55 = select i1 %52, i32 4, i32 0
  %56 = or i32 %54, %55
  %57 = select i1 %50, i32 0, i32 8
  %58 = or i32 %56, %57
  %59 = icmp eq i32 %7, %9
  %60 = select i1 %59, i32 16, i32 0
  %61 = or i32 %58, %60
  %62 = select i1 %59, i32 0, i32 32
  %63 = or i32 %61, %62
  %64 = icmp ult i32 %7, %9
  %65 = select i1 %64, i32 64, i32 0
  %66 = or i32 %63, %65
  %67 = icmp ugt i32 %7, %9
  %68 = select i1 %67, i32 0, i32 128
  %69 = or i32 %66, %68
  %70 = select i1 %67, i32 256, i32 0
  %71 = or i32 %69, %70
  %72 = select i1 %64, i32 0, i32 512
  %73 = or i32 %71, %72
  %74 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %5
  store i32 %73, i32 addrspace(1)* %74, align 4, !tbaa !8
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
!6 = !{!"int*", !"int*", !"int*", !"int*"}
!7 = !{!"const", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
