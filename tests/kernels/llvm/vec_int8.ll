; ModuleID = 'vec_int8.cl'
source_filename = "vec_int8.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @vec_int8(i32 addrspace(1)* noundef %0, i32 addrspace(1)* noundef %1, i32 addrspace(1)* noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %5 = mul i64 %4, 3
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %5
  %7 = tail call spir_func <8 x i32> @_Z6vload8mPU3AS1Ki(i64 noundef 0, i32 addrspace(1)* noundef %6) #5
  %8 = tail call spir_func <8 x i32> @_Z6vload8mPU3AS1Ki(i64 noundef %4, i32 addrspace(1)* noundef %1) #5
  %9 = mul <8 x i32> %8, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %10 = add <8 x i32> %9, %7
  %11 = and <8 x i32> %8, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %12 = lshr <8 x i32> %7, %11
  %13 = extractelement <8 x i32> %10, i64 3
  %14 = insertelement <8 x i32> undef, i32 %13, i64 0
  %15 = extractelement <8 x i32> %10, i64 4
  %16 = insertelement <8 x i32> %14, i32 %15, i64 1
  %17 = extractelement <8 x i32> %10, i64 2
  %18 = insertelement <8 x i32> %16, i32 %17, i64 2
  %19 = extractelement <8 x i32> %10, i64 5
  %20 = insertelement <8 x i32> %18, i32 %19, i64 3
  %21 = extractelement <8 x i32> %10, i64 0
  %22 = extractelement <8 x i32> %10, i64 7
  %23 = sub nsw i32 %21, %22
  %24 = insertelement <8 x i32> %20, i32 %23, i64 4
  %25 = extractelement <8 x i32> %10, i64 6
  %26 = insertelement <8 x i32> %24, i32 %25, i64 5
  %27 = extractelement <8 x i32> %10, i64 1
  %28 = insertelement <8 x i32> %26, i32 %27, i64 6
  %29 = xor i32 %27, %22
  %30 = insertelement <8 x i32> %28, i32 %29, i64 7
  %31 = mul i64 %4, 24
  %32 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %31
  tail call spir_func void @_Z7vstore8Dv8_imPU3AS1i(<8 x i32> noundef %10, i64 noundef 0, i32 addrspace(1)* noundef %32) #6
  tail call spir_func void @_Z7vstore8Dv8_imPU3AS1i(<8 x i32> noundef %12, i64 noundef 1, i32 addrspace(1)* noundef %32) #6
  tail call spir_func void @_Z7vstore8Dv8_imPU3AS1i(<8 x i32> noundef %30, i64 noundef 2, i32 addrspace(1)* noundef %32) #6
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readonly willreturn
declare dso_local spir_func <8 x i32> @_Z6vload8mPU3AS1Ki(i64 noundef, i32 addrspace(1)* noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func void @_Z7vstore8Dv8_imPU3AS1i(<8 x i32> noundef, i64 noundef, i32 addrspace(1)* noundef) local_unnamed_addr #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="256" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree nounwind readonly willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { convergent nounwind readonly willreturn }
attributes #6 = { convergent nounwind }

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
!6 = !{!"int*", !"int*", !"int*"}
!7 = !{!"const", !"const", !""}
