; ModuleID = 'atomics_uint.cl'
source_filename = "atomics_uint.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @atomics_uint(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* noundef %1, i32 addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %5 = and i64 %4, 4294967295
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %5
  %7 = load i32, i32 addrspace(1)* %6, align 4, !tbaa !8
  %8 = tail call spir_func i32 @_Z10atomic_addPU3AS1Vjj(i32 addrspace(1)* noundef %1, i32 noundef %7) #4
  %9 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 1
  %10 = tail call spir_func i32 @_Z10atomic_subPU3AS1Vjj(i32 addrspace(1)* noundef %9, i32 noundef %7) #4
  %11 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 2
  %12 = tail call spir_func i32 @_Z10atomic_minPU3AS1Vjj(i32 addrspace(1)* noundef %11, i32 noundef %7) #4
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 3
  %14 = tail call spir_func i32 @_Z10atomic_maxPU3AS1Vjj(i32 addrspace(1)* noundef %13, i32 noundef %7) #4
  %15 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 4
  %16 = and i32 %7, 31
  %17 = shl nuw i32 1, %16
  %18 = xor i32 %17, -1
  %19 = tail call spir_func i32 @_Z10atomic_andPU3AS1Vjj(i32 addrspace(1)* noundef %15, i32 noundef %18) #4
  %20 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 5
  %21 = tail call spir_func i32 @_Z9atomic_orPU3AS1Vjj(i32 addrspace(1)* noundef %20, i32 noundef %17) #4
  %22 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 6
  %23 = tail call spir_func i32 @_Z10atomic_xorPU3AS1Vjj(i32 addrspace(1)* noundef %22, i32 noundef %7) #4
  %24 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 7
  %25 = tail call spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef %24) #4
  %26 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 8
  %27 = tail call spir_func i32 @_Z10atomic_decPU3AS1Vj(i32 addrspace(1)* noundef %26) #4
  %28 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 9
  %29 = load i32, i32 addrspace(1)* %28, align 4, !tbaa !8
  br label %30

30:                                               ; preds = %33, %3
  %31 = phi i32 [ %29, %3 ], [ %34, %33 ]
  %32 = icmp ugt i32 %7, %31
  br i1 %32, label %33, label %36

33:                                               ; preds = %30
  %34 = tail call spir_func i32 @_Z14atomic_cmpxchgPU3AS1Vjjj(i32 addrspace(1)* noundef %28, i32 noundef %31, i32 noundef %7) #4
  %35 = icmp eq i32 %34, %31
  br i1 %35, label %36, label %30

36:                                               ; preds = %33, %30
  %37 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 10
  %38 = tail call spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef %37) #4
  %39 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %5
  store i32 %38, i32 addrspace(1)* %39, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_addPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_subPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_minPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_maxPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_andPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z9atomic_orPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_xorPU3AS1Vjj(i32 addrspace(1)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_decPU3AS1Vj(i32 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z14atomic_cmpxchgPU3AS1Vjjj(i32 addrspace(1)* noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

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
!4 = !{i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"uint*", !"uint*", !"uint*"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
