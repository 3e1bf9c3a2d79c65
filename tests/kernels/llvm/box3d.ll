; ModuleID = 'box3d.cl'
source_filename = "box3d.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @box3d(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %7 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 0) #2
  %8 = sub i64 %6, %7
  %9 = trunc i64 %8 to i32
  %10 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #2
  %11 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 1) #2
  %12 = sub i64 %10, %11
  %13 = trunc i64 %12 to i32
  %14 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 2) #2
  %15 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 2) #2
  %16 = sub i64 %14, %15
  %17 = trunc i64 %16 to i32
  %18 = icmp slt i32 %9, %2
  %19 = icmp slt i32 %13, %3
  %20 = select i1 %18, i1 %19, i1 false
  %21 = icmp slt i32 %17, %4
  %22 = select i1 %20, i1 %21, i1 false
  br i1 %22, label %23, label %88

23:                                               ; preds = %5
  %24 = mul nsw i32 %17, %3
  %25 = add nsw i32 %24, %13
  %26 = mul nsw i32 %25, %2
  %27 = add nsw i32 %26, %9
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %28
  %30 = load i32, i32 addrspace(1)* %29, align 4, !tbaa !8
  %31 = mul nsw i32 %30, 6
  %32 = add nsw i32 %9, -1
  %33 = tail call spir_func i32 @_Z3maxii(i32 noundef %32, i32 noundef 0) #2
  %34 = add nsw i32 %33, %26
  %35 = sext i32 %34 to i64
  %36 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %35
  %37 = load i32, i32 addrspace(1)* %36, align 4, !tbaa !8
  %38 = add nsw i32 %9, 1
  %39 = add nsw i32 %2, -1
  %40 = tail call spir_func i32 @_Z3minii(i32 noundef %38, i32 noundef %39) #2
  %41 = add nsw i32 %40, %26
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %42
  %44 = load i32, i32 addrspace(1)* %43, align 4, !tbaa !8
  %45 = add nsw i32 %13, -1
  %46 = tail call spir_func i32 @_Z3maxii(i32 noundef %45, i32 noundef 0) #2
  %47 = add nsw i32 %46, %24
  %48 = mul nsw i32 %47, %2
  %49 = add nsw i32 %48, %9
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %50
  %52 = load i32, i32 addrspace(1)* %51, align 4, !tbaa !8
  %53 = add nsw i32 %13, 1
  %54 = add nsw i32 %3, -1
  %55 = tail call spir_func i32 @_Z3minii(i32 noundef %53, i32 noundef %54) #2
  %56 = add nsw i32 %55, %24
  %57 = mul nsw i32 %56, %2
  %58 = add nsw i32 %57, %9
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %59
  %61 = load i32, i32 addrspace(1)* %60, align 4, !tbaa !8
  %62 = add nsw i32 %17, -1
  %63 = tail call spir_func i32 @_Z3maxii(i32 noundef %62, i32 noundef 0) #2
  %64 = mul nsw i32 %63, %3
  %65 = add nsw i32 %64, %13
  %66 = mul nsw i32 %65, %2
  %67 = add nsw i32 %66, %9
  %68 = sext i32 %67 to i64
  %69 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %68
  %70 = load i32, i32 addrspace(1)* %69, align 4, !tbaa !8
  %71 = add nsw i32 %17, 1
  %72 = add nsw i32 %4, -1
  %73 = tail call spir_func i32 @_Z3minii(i32 noundef %71, i32 noundef %72) #2
  %74 = mul nsw i32 %73, %3
  %75 = add nsw i32 %74, %13
  %76 = mul nsw i32 %75, %2
  %77 = add nsw i32 %76, %9
  %78 = sext i32 %77 to i64
  %79 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %78
  %80 = load i32, i32 addrspace(1)* %79, align 4, !tbaa !8
  %81 = add i32 %37, %31
  %82 = add i32 %81, %44
  %83 = add i32 %82, %52
  %84 = add i32 %83, %61
  %85 = add i32 %84, %70
  %86 = add i32 %85, %80
  %87 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %28
  store i32 %86, i32 addrspace(1)* %87, align 4, !tbaa !8
  br label %88

88:                                               ; preds = %5, %23
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z17get_global_offsetj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3maxii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3minii(i32 noundef, i32 noundef) local_unnamed_addr #1

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
!4 = !{i32 1, i32 1, i32 0, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int", !"int", !"int"}
!7 = !{!"const", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
