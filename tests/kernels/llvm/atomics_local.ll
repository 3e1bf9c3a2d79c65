; ModuleID = 'atomics_local.cl'
source_filename = "atomics_local.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@atomics_local.s = internal addrspace(3) global [8 x i32] undef, align 4
@atomics_local.u = internal addrspace(3) global [4 x i32] undef, align 4
@atomics_local.l = internal addrspace(3) global [4 x i64] undef, align 8
@atomics_local.ticket = internal addrspace(3) global i32 undef, align 4
@atomics_local.tsum = internal addrspace(3) global i32 undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @atomics_local(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i64 addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %5 = trunc i64 %4 to i32
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %7 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %6
  %8 = load i32, i32 addrspace(1)* %7, align 4, !tbaa !8
  %9 = icmp eq i32 %5, 0
  br i1 %9, label %10, label %11

10:                                               ; preds = %3
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 0), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 1), align 4, !tbaa !8
  store i32 2147483647, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 2), align 4, !tbaa !8
  store i32 -2147483648, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 3), align 4, !tbaa !8
  store i32 -1, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 4), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 5), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 6), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 7), align 4, !tbaa !8
  store i32 -1, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 0), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 1), align 4, !tbaa !8
  store i32 100, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 2), align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 3), align 4, !tbaa !8
  store i64 0, i64 addrspace(3)* getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 0), align 8, !tbaa !12
  store i64 9223372036854775807, i64 addrspace(3)* getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 1), align 8, !tbaa !12
  store i64 -9223372036854775808, i64 addrspace(3)* getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 2), align 8, !tbaa !12
  store i64 0, i64 addrspace(3)* getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 3), align 8, !tbaa !12
  store i32 0, i32 addrspace(3)* @atomics_local.ticket, align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* @atomics_local.tsum, align 4, !tbaa !8
  br label %11

11:                                               ; preds = %10, %3
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %12 = tail call spir_func i32 @_Z10atomic_addPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 0), i32 noundef %8) #4
  %13 = tail call spir_func i32 @_Z10atomic_subPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 1), i32 noundef %8) #4
  %14 = tail call spir_func i32 @_Z10atomic_minPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 2), i32 noundef %8) #4
  %15 = tail call spir_func i32 @_Z10atomic_maxPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 3), i32 noundef %8) #4
  %16 = or i32 %8, 16
  %17 = tail call spir_func i32 @_Z10atomic_andPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 4), i32 noundef %16) #4
  %18 = and i32 %8, 255
  %19 = tail call spir_func i32 @_Z9atomic_orPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 5), i32 noundef %18) #4
  %20 = tail call spir_func i32 @_Z10atomic_xorPU3AS3Vii(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 6), i32 noundef %8) #4
  %21 = tail call spir_func i32 @_Z10atomic_incPU3AS3Vi(i32 addrspace(3)* noundef getelementptr inbounds ([8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 7)) #4
  %22 = tail call spir_func i32 @_Z10atomic_minPU3AS3Vjj(i32 addrspace(3)* noundef getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 0), i32 noundef %8) #4
  %23 = tail call spir_func i32 @_Z10atomic_maxPU3AS3Vjj(i32 addrspace(3)* noundef getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 1), i32 noundef %8) #4
  %24 = tail call spir_func i32 @_Z10atomic_decPU3AS3Vj(i32 addrspace(3)* noundef getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 2)) #4
  br label %25

25:                                               ; preds = %25, %11
  %26 = load i32, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 3), align 4, !tbaa !8
  %27 = add nsw i32 %26, 2
  %28 = tail call spir_func i32 @_Z14atomic_cmpxchgPU3AS3Vjjj(i32 addrspace(3)* noundef getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 3), i32 noundef %26, i32 noundef %27) #4
  %29 = icmp eq i32 %28, %26
  br i1 %29, label %30, label %25

30:                                               ; preds = %25
  %31 = sext i32 %8 to i64
  %32 = mul nsw i64 %31, 1000003
  %33 = tail call spir_func i64 @_Z8atom_addPU3AS3Vll(i64 addrspace(3)* noundef getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 0), i64 noundef %32) #4
  %34 = tail call spir_func i64 @_Z8atom_minPU3AS3Vll(i64 addrspace(3)* noundef getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 1), i64 noundef %31) #4
  %35 = shl nsw i64 %31, 20
  %36 = tail call spir_func i64 @_Z8atom_maxPU3AS3Vll(i64 addrspace(3)* noundef getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 2), i64 noundef %35) #4
  %37 = tail call spir_func i64 @_Z9atom_xchgPU3AS3Vll(i64 addrspace(3)* noundef getelementptr inbounds ([4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 3), i64 noundef 5) #4
  %38 = tail call spir_func i32 @_Z10atomic_incPU3AS3Vi(i32 addrspace(3)* noundef @atomics_local.ticket) #4
  %39 = tail call spir_func i32 @_Z10atomic_addPU3AS3Vii(i32 addrspace(3)* noundef @atomics_local.tsum, i32 noundef %38) #4
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %40 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %41 = trunc i64 %40 to i32
  %42 = icmp slt i32 %5, 8
  br i1 %42, label %43, label %65

43:                                               ; preds = %30
  %44 = sext i32 %5 to i64
  %45 = getelementptr inbounds [8 x i32], [8 x i32] addrspace(3)* @atomics_local.s, i64 0, i64 %44
  %46 = load i32, i32 addrspace(3)* %45, align 4, !tbaa !8
  %47 = mul nsw i32 %41, 13
  %48 = add nsw i32 %47, %5
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %49
  store i32 %46, i32 addrspace(1)* %50, align 4, !tbaa !8
  %51 = icmp slt i32 %5, 4
  br i1 %51, label %52, label %65

52:                                               ; preds = %43
  %53 = getelementptr inbounds [4 x i32], [4 x i32] addrspace(3)* @atomics_local.u, i64 0, i64 %44
  %54 = load i32, i32 addrspace(3)* %53, align 4, !tbaa !8
  %55 = add nsw i32 %5, 8
  %56 = add i32 %55, %47
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %57
  store i32 %54, i32 addrspace(1)* %58, align 4, !tbaa !8
  %59 = getelementptr inbounds [4 x i64], [4 x i64] addrspace(3)* @atomics_local.l, i64 0, i64 %44
  %60 = load i64, i64 addrspace(3)* %59, align 8, !tbaa !12
  %61 = shl nsw i32 %41, 2
  %62 = add nsw i32 %61, %5
  %63 = sext i32 %62 to i64
  %64 = getelementptr inbounds i64, i64 addrspace(1)* %2, i64 %63
  store i64 %60, i64 addrspace(1)* %64, align 8, !tbaa !12
  br label %65

65:                                               ; preds = %30, %52, %43
  br i1 %9, label %66, label %72

66:                                               ; preds = %65
  %67 = load i32, i32 addrspace(3)* @atomics_local.tsum, align 4, !tbaa !8
  %68 = mul nsw i32 %41, 13
  %69 = add nsw i32 %68, 12
  %70 = sext i32 %69 to i64
  %71 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %70
  store i32 %67, i32 addrspace(1)* %71, align 4, !tbaa !8
  br label %72

72:                                               ; preds = %66, %65
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_addPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_subPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_minPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_maxPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_andPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z9atomic_orPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_xorPU3AS3Vii(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_incPU3AS3Vi(i32 addrspace(3)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_minPU3AS3Vjj(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_maxPU3AS3Vjj(i32 addrspace(3)* noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z10atomic_decPU3AS3Vj(i32 addrspace(3)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i32 @_Z14atomic_cmpxchgPU3AS3Vjjj(i32 addrspace(3)* noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_addPU3AS3Vll(i64 addrspace(3)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_minPU3AS3Vll(i64 addrspace(3)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z8atom_maxPU3AS3Vll(i64 addrspace(3)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z9atom_xchgPU3AS3Vll(i64 addrspace(3)* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

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
!6 = !{!"int*", !"int*", !"long*"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
