; ModuleID = 'workitem.cl'
source_filename = "workitem.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind writeonly
define dso_local spir_kernel void @workitem(i32 addrspace(1)* nocapture noundef writeonly %0) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %2 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 2) #3
  %3 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 2) #3
  %4 = sub i64 %2, %3
  %5 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 1) #3
  %6 = mul i64 %4, %5
  %7 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %9 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 1) #3
  %10 = add i64 %8, %6
  %11 = sub i64 %10, %9
  %12 = mul i64 %11, %7
  %13 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %14 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 0) #3
  %15 = sub i64 %13, %14
  %16 = add i64 %12, %15
  %17 = mul i64 %16, 24
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %17
  %19 = trunc i64 %13 to i32
  store i32 %19, i32 addrspace(1)* %18, align 4, !tbaa !8
  %20 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %21 = trunc i64 %20 to i32
  %22 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 3
  store i32 %21, i32 addrspace(1)* %22, align 4, !tbaa !8
  %23 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %24 = trunc i64 %23 to i32
  %25 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 6
  store i32 %24, i32 addrspace(1)* %25, align 4, !tbaa !8
  %26 = trunc i64 %7 to i32
  %27 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 9
  store i32 %26, i32 addrspace(1)* %27, align 4, !tbaa !8
  %28 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3
  %29 = trunc i64 %28 to i32
  %30 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 12
  store i32 %29, i32 addrspace(1)* %30, align 4, !tbaa !8
  %31 = tail call spir_func i64 @_Z14get_num_groupsj(i32 noundef 0) #3
  %32 = trunc i64 %31 to i32
  %33 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 15
  store i32 %32, i32 addrspace(1)* %33, align 4, !tbaa !8
  %34 = trunc i64 %14 to i32
  %35 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 18
  store i32 %34, i32 addrspace(1)* %35, align 4, !tbaa !8
  %36 = trunc i64 %8 to i32
  %37 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 1
  store i32 %36, i32 addrspace(1)* %37, align 4, !tbaa !8
  %38 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #3
  %39 = trunc i64 %38 to i32
  %40 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 4
  store i32 %39, i32 addrspace(1)* %40, align 4, !tbaa !8
  %41 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #3
  %42 = trunc i64 %41 to i32
  %43 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 7
  store i32 %42, i32 addrspace(1)* %43, align 4, !tbaa !8
  %44 = trunc i64 %5 to i32
  %45 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 10
  store i32 %44, i32 addrspace(1)* %45, align 4, !tbaa !8
  %46 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 1) #3
  %47 = trunc i64 %46 to i32
  %48 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 13
  store i32 %47, i32 addrspace(1)* %48, align 4, !tbaa !8
  %49 = tail call spir_func i64 @_Z14get_num_groupsj(i32 noundef 1) #3
  %50 = trunc i64 %49 to i32
  %51 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 16
  store i32 %50, i32 addrspace(1)* %51, align 4, !tbaa !8
  %52 = trunc i64 %9 to i32
  %53 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 19
  store i32 %52, i32 addrspace(1)* %53, align 4, !tbaa !8
  %54 = trunc i64 %2 to i32
  %55 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 2
  store i32 %54, i32 addrspace(1)* %55, align 4, !tbaa !8
  %56 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 2) #3
  %57 = trunc i64 %56 to i32
  %58 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 5
  store i32 %57, i32 addrspace(1)* %58, align 4, !tbaa !8
  %59 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 2) #3
  %60 = trunc i64 %59 to i32
  %61 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 8
  store i32 %60, i32 addrspace(1)* %61, align 4, !tbaa !8
  %62 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 2) #3
  %63 = trunc i64 %62 to i32
  %64 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 11
  store i32 %63, i32 addrspace(1)* %64, align 4, !tbaa !8
  %65 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 2) #3
  %66 = trunc i64 %65 to i32
  %67 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 14
  store i32 %66, i32 addrspace(1)* %67, align 4, !tbaa !8
  %68 = tail call spir_func i64 @_Z14get_num_groupsj(i32 noundef 2) #3
  %69 = trunc i64 %68 to i32
  %70 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 17
  store i32 %69, i32 addrspace(1)* %70, align 4, !tbaa !8
  %71 = trunc i64 %3 to i32
  %72 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 20
  store i32 %71, i32 addrspace(1)* %72, align 4, !tbaa !8
  %73 = tail call spir_func i32 @_Z12get_work_dimv() #3
  %74 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 21
  store i32 %73, i32 addrspace(1)* %74, align 4, !tbaa !8
  %75 = trunc i64 %16 to i32
  %76 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 22
  store i32 %75, i32 addrspace(1)* %76, align 4, !tbaa !8
  %77 = mul i64 %46, %56
  %78 = add i64 %77, %38
  %79 = mul i64 %78, %28
  %80 = add i64 %79, %20
  %81 = trunc i64 %80 to i32
  %82 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 23
  store i32 %81, i32 addrspace(1)* %82, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z17get_global_offsetj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_num_groupsj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z12get_work_dimv() local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn writeonly
define dso_local spir_kernel void @workitem_const(i32 addrspace(1)* nocapture noundef writeonly %0) local_unnamed_addr #2 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %2 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 2) #3
  %3 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 2) #3
  %4 = sub i64 %2, %3
  %5 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 1) #3
  %6 = mul i64 %4, %5
  %7 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %9 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 1) #3
  %10 = add i64 %8, %6
  %11 = sub i64 %10, %9
  %12 = mul i64 %11, %7
  %13 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %14 = tail call spir_func i64 @_Z17get_global_offsetj(i32 noundef 0) #3
  %15 = sub i64 %13, %14
  %16 = add i64 %15, %12
  %17 = shl i64 %16, 3
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %17
  %19 = trunc i64 %13 to i32
  store i32 %19, i32 addrspace(1)* %18, align 4, !tbaa !8
  %20 = trunc i64 %8 to i32
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 1
  store i32 %20, i32 addrspace(1)* %21, align 4, !tbaa !8
  %22 = trunc i64 %2 to i32
  %23 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 2
  store i32 %22, i32 addrspace(1)* %23, align 4, !tbaa !8
  %24 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %25 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #3
  %26 = mul i64 %25, 100
  %27 = add i64 %26, %24
  %28 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 2) #3
  %29 = mul i64 %28, 10000
  %30 = add i64 %27, %29
  %31 = trunc i64 %30 to i32
  %32 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 3
  store i32 %31, i32 addrspace(1)* %32, align 4, !tbaa !8
  %33 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %34 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 1) #3
  %35 = mul i64 %34, 100
  %36 = add i64 %35, %33
  %37 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 2) #3
  %38 = mul i64 %37, 10000
  %39 = add i64 %36, %38
  %40 = trunc i64 %39 to i32
  %41 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 4
  store i32 %40, i32 addrspace(1)* %41, align 4, !tbaa !8
  %42 = mul i64 %5, 100
  %43 = add i64 %7, %42
  %44 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 2) #3
  %45 = mul i64 %44, 10000
  %46 = add i64 %43, %45
  %47 = trunc i64 %46 to i32
  %48 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 5
  store i32 %47, i32 addrspace(1)* %48, align 4, !tbaa !8
  %49 = mul i64 %9, 100
  %50 = mul i64 %3, 10000
  %51 = add i64 %49, %50
  %52 = add i64 %51, %14
  %53 = trunc i64 %52 to i32
  %54 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 6
  store i32 %53, i32 addrspace(1)* %54, align 4, !tbaa !8
  %55 = tail call spir_func i32 @_Z12get_work_dimv() #3
  %56 = getelementptr inbounds i32, i32 addrspace(1)* %18, i64 7
  store i32 %55, i32 addrspace(1)* %56, align 4, !tbaa !8
  ret void
}

attributes #0 = { convergent nofree norecurse nounwind writeonly "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress nofree norecurse nounwind willreturn writeonly "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #3 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1}
!5 = !{!"none"}
!6 = !{!"uint*"}
!7 = !{!""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
