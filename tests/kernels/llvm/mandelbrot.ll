; ModuleID = 'mandelbrot.cl'
source_filename = "mandelbrot.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind writeonly
define dso_local spir_kernel void @mandelbrot(i32 addrspace(1)* nocapture noundef writeonly %0, float noundef %1, float noundef %2, float noundef %3, float noundef %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %10 = trunc i64 %9 to i32
  %11 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %12 = sitofp i32 %8 to float
  %13 = tail call float @llvm.fmuladd.f32(float %12, float %3, float %1)
  %14 = sitofp i32 %10 to float
  %15 = tail call float @llvm.fmuladd.f32(float %14, float %4, float %2)
  %16 = icmp sgt i32 %5, 0
  br i1 %16, label %17, label %32

17:                                               ; preds = %6, %24
  %18 = phi float [ %27, %24 ], [ 0.000000e+00, %6 ]
  %19 = phi i32 [ %30, %24 ], [ 0, %6 ]
  %20 = phi float [ %29, %24 ], [ 0.000000e+00, %6 ]
  %21 = fmul float %20, %20
  %22 = tail call float @llvm.fmuladd.f32(float %18, float %18, float %21)
  %23 = fcmp ugt float %22, 4.000000e+00
  br i1 %23, label %32, label %24

24:                                               ; preds = %17
  %25 = fneg float %21
  %26 = tail call float @llvm.fmuladd.f32(float %18, float %18, float %25)
  %27 = fadd float %13, %26
  %28 = fmul float %18, 2.000000e+00
  %29 = tail call float @llvm.fmuladd.f32(float %28, float %20, float %15)
  %30 = add nuw nsw i32 %19, 1
  %31 = icmp slt i32 %30, %5
  br i1 %31, label %17, label %32

32:                                               ; preds = %17, %24, %6
  %33 = phi i32 [ 0, %6 ], [ %5, %24 ], [ %19, %17 ]
  %34 = trunc i64 %11 to i32
  %35 = mul nsw i32 %34, %10
  %36 = add nsw i32 %35, %8
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %37
  store i32 %33, i32 addrspace(1)* %38, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #2

attributes #0 = { convergent nofree norecurse nounwind writeonly "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 0, i32 0, i32 0, i32 0, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"float", !"float", !"float", !"float", !"int"}
!7 = !{!"", !"", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
