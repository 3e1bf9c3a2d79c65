; ModuleID = 'atomics_int.cl'
source_filename = "atomics_int.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @atomics_int(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* noundef %1, i32 addrspace(1)* nocapture noundef writeonly %2, i32 addrspace(1)* noundef %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  %7 = sext i32 %6 to i64
  %8 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %7
  %9 = load i32, i32 addrspace(1)* %8, align 4, !tbaa !8
  %10 = tail call spir_func i32 @_Z10atomic_addPU3AS1Vii(i32 addrspace(1)* noundef %1, i32 noundef %9) #4
  %11 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 1
  %12 = tail call spir_func i32 @_Z10atomic_subPU3AS1Vii(i32 addrspace(1)* noundef %11, i32 noundef %9) #4
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 2
  %14 = tail call spir_func i32 @_Z11atomic_xchgPU3AS1Vii(i32 addrspace(1)* noundef %13, i32 noundef %9) #4
  %15 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %7
  store i32 %14, i32 addrspace(1)* %15, align 4, !tbaa !8
  %16 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 3
  br label %17

17:                                               ; preds = %17, %4
  %18 = load i32, i32 addrspace(1)* %16, align 4, !tbaa !8
  %19 = add nsw i32 %18, 1
  %20 = tail call spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(i32 addrspace(1)* noundef %16, i32 noundef %18, i32 noundef %19) #4
  %21 = icmp eq i32 %20, %18
  br i1 %21, label %22, label %17

22:                                               ; preds = %17
  %23 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 4
  %24 = tail call spir_func i32 @_Z10atomic_minPU3AS1Vii(i32 addrspace(1)* noundef %23, i32 noundef %9) #4
  %25 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 5
  %26 = tail call spir_func i32 @_Z10atomic_maxPU3AS1Vii(i32 addrspace(1)* noundef %25, i32 noundef %9) #4
  %27 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 6
  %28 = srem i32 %6, 31
  %29 = and i32 %28, 31
  %30 = shl nuw i32 1, %29
  %31 = or i32 %30, %9
  %32 = tail call spir_func i32 @_Z10atomic_andPU3AS1Vii(i32 addrspace(1)* noundef %27, i32 noundef %31) #4
  %33 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 7
  %34 = and i32 %9, 252645135
  %35 = tail call spir_func i32 @_Z9atomic_orPU3AS1Vii(i32 addrspace(1)* noundef %33, i32 noundef %34) #4
  %36 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 8
  %37 = tail call spir_func i32 @_Z10atomic_xorPU3AS1Vii(i32 addrspace(1)* noundef %36, i32 noundef %9) #4
  %38 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 9
  %39 = tail call spir_func i32 @_Z10atomic_incPU3AS1Vi(i32 addrspace(1)* noundef %38) #4
  %40 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 10
  %41 = tail call spir_func i32 @_Z10atomic_decPU3AS1Vi(i32 addrspace(1)* noundef %40) #4
  %42 = shl nsw i32 %6, 1
  %43 = sext i32 %42 to i64
  %44 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %43
  %45 = sub nsw i32 0, %6
  %46 = tail call spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(i32 addrspace(1)* noundef %44, i32 noundef %6, i32 noundef %45) #4
  store i32 %46, i32 addrspace(1)* %44, align 4, !tbaa !8
  %47 = or i32 %42, 1
  %48 = sext i32 %47 to i64
  %49 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %48
  %50 = add nsw i32 %6, 1
  %51 = tail call spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(i32 addrspace(1)* noundef %49, i32 noundef %50, i32 noundef 7) #4
  store i32 %51, i32 addrspace(1)* %49, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_addPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_subPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z11atomic_xchgPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(i32 addrspace(1)* noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_minPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_maxPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_andPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z9atomic_orPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_xorPU3AS1Vii(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_incPU3AS1Vi(i32 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_decPU3AS1Vi(i32 addrspace(1)* noundef) local_unnamed_addr #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { convergent nounwind }

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
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
