; ModuleID = 'atomics_long.cl'
source_filename = "atomics_long.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @atomics_long(i64 addrspace(1)* nocapture noundef readonly %0, i64 addrspace(1)* noundef %1, i64 addrspace(1)* noundef %2, i64 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  %7 = sext i32 %6 to i64
  %8 = getelementptr inbounds i64, i64 addrspace(1)* %0, i64 %7
  %9 = load i64, i64 addrspace(1)* %8, align 8, !tbaa !8
  %10 = tail call spir_func i64 @_Z8atom_addPU3AS1Vll(i64 addrspace(1)* noundef %1, i64 noundef %9) #4
  %11 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 1
  %12 = tail call spir_func i64 @_Z8atom_subPU3AS1Vll(i64 addrspace(1)* noundef %11, i64 noundef %9) #4
  %13 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 2
  %14 = tail call spir_func i64 @_Z9atom_xchgPU3AS1Vll(i64 addrspace(1)* noundef %13, i64 noundef %9) #4
  %15 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 %7
  store i64 %14, i64 addrspace(1)* %15, align 8, !tbaa !8
  %16 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 3
  br label %17

17:                                               ; preds = %17, %4
  %18 = load i64, i64 addrspace(1)* %16, align 8, !tbaa !8
  %19 = add nsw i64 %18, %9
  %20 = tail call spir_func i64 @_Z12atom_cmpxchgPU3AS1Vlll(i64 addrspace(1)* noundef %16, i64 noundef %18, i64 noundef %19) #4
  %21 = icmp eq i64 %20, %18
  br i1 %21, label %22, label %17

22:                                               ; preds = %17
  %23 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 4
  %24 = tail call spir_func i64 @_Z8atom_minPU3AS1Vll(i64 addrspace(1)* noundef %23, i64 noundef %9) #4
  %25 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 5
  %26 = tail call spir_func i64 @_Z8atom_maxPU3AS1Vll(i64 addrspace(1)* noundef %25, i64 noundef %9) #4
  %27 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 6
  %28 = srem i32 %6, 63
  %29 = and i32 %28, 63
  %30 = zext i32 %29 to i64
  %31 = shl nuw i64 1, %30
  %32 = or i64 %31, %9
  %33 = tail call spir_func i64 @_Z8atom_andPU3AS1Vll(i64 addrspace(1)* noundef %27, i64 noundef %32) #4
  %34 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 7
  %35 = and i64 %9, 71777214294589695
  %36 = tail call spir_func i64 @_Z7atom_orPU3AS1Vll(i64 addrspace(1)* noundef %34, i64 noundef %35) #4
  %37 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 8
  %38 = tail call spir_func i64 @_Z8atom_xorPU3AS1Vll(i64 addrspace(1)* noundef %37, i64 noundef %9) #4
  %39 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 9
  %40 = tail call spir_func i64 @_Z8atom_incPU3AS1Vl(i64 addrspace(1)* noundef %39) #4
  %41 = getelementptr inbounds i64, i64 addrspace(1)* %1, i64 10
  %42 = tail call spir_func i64 @_Z8atom_decPU3AS1Vl(i64 addrspace(1)* noundef %41) #4
  %43 = tail call spir_func i64 @_Z8atom_minPU3AS1Vmm(i64 addrspace(1)* noundef %2, i64 noundef %9) #4
  %44 = getelementptr inbounds i64, i64 addrspace(1)* %2, i64 1
  %45 = tail call spir_func i64 @_Z8atom_maxPU3AS1Vmm(i64 addrspace(1)* noundef %44, i64 noundef %9) #4
  %46 = getelementptr inbounds i64, i64 addrspace(1)* %2, i64 2
  %47 = tail call spir_func i64 @_Z8atom_addPU3AS1Vmm(i64 addrspace(1)* noundef %46, i64 noundef %9) #4
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_addPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_subPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z9atom_xchgPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z12atom_cmpxchgPU3AS1Vlll(i64 addrspace(1)* noundef, i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_minPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_maxPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_andPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z7atom_orPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_xorPU3AS1Vll(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_incPU3AS1Vl(i64 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_decPU3AS1Vl(i64 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_minPU3AS1Vmm(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_maxPU3AS1Vmm(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_addPU3AS1Vmm(i64 addrspace(1)* noundef, i64 noundef) local_unnamed_addr #2

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
!6 = !{!"long*", !"long*", !"ulong*", !"long*"}
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"long", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
