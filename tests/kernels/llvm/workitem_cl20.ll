; ModuleID = 'workitem_cl20.cl'
source_filename = "workitem_cl20.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @workitem_cl20(i32 addrspace(1)* nocapture noundef writeonly %0) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %2 = tail call spir_func i64 @_Z20get_global_linear_idv() #3
  %3 = shl i64 %2, 3
  %4 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %3
  %5 = tail call spir_func i64 @_Z23get_enqueued_local_sizej(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  store i32 %6, i32 addrspace(1)* %4, align 4, !tbaa !8
  %7 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %8 = trunc i64 %7 to i32
  %9 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 3
  store i32 %8, i32 addrspace(1)* %9, align 4, !tbaa !8
  %10 = tail call spir_func i64 @_Z23get_enqueued_local_sizej(i32 noundef 1) #3
  %11 = trunc i64 %10 to i32
  %12 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 1
  store i32 %11, i32 addrspace(1)* %12, align 4, !tbaa !8
  %13 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 1) #4
  %14 = trunc i64 %13 to i32
  %15 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 4
  store i32 %14, i32 addrspace(1)* %15, align 4, !tbaa !8
  %16 = tail call spir_func i64 @_Z23get_enqueued_local_sizej(i32 noundef 2) #3
  %17 = trunc i64 %16 to i32
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 2
  store i32 %17, i32 addrspace(1)* %18, align 4, !tbaa !8
  %19 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 2) #4
  %20 = trunc i64 %19 to i32
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 5
  store i32 %20, i32 addrspace(1)* %21, align 4, !tbaa !8
  %22 = trunc i64 %2 to i32
  %23 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 6
  store i32 %22, i32 addrspace(1)* %23, align 4, !tbaa !8
  %24 = tail call spir_func i64 @_Z19get_local_linear_idv() #3
  %25 = trunc i64 %24 to i32
  %26 = getelementptr inbounds i32, i32 addrspace(1)* %4, i64 7
  store i32 %25, i32 addrspace(1)* %26, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z20get_global_linear_idv() local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z23get_enqueued_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func i64 @_Z19get_local_linear_idv() local_unnamed_addr #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 2, i32 0}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1}
!5 = !{!"none"}
!6 = !{!"uint*"}
!7 = !{!""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
