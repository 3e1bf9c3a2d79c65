; ModuleID = 'func_call.cl'
source_filename = "func_call.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local spir_func i32 @poly(i32 noundef %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = mul nsw i32 %0, %0
  %5 = mul nsw i32 %4, %1
  %6 = add nsw i32 %5, %2
  ret i32 %6
}

; Function Attrs: convergent nofree noinline norecurse nounwind
define dso_local spir_func void @minmax(i32 addrspace(1)* nocapture noundef readonly %0, i32 noundef %1, i32* nocapture noundef %2, i32* nocapture noundef %3) local_unnamed_addr #1 {
  %5 = load i32, i32 addrspace(1)* %0, align 4, !tbaa !4
  store i32 %5, i32* %2, align 4, !tbaa !4
  %6 = load i32, i32 addrspace(1)* %0, align 4, !tbaa !4
  store i32 %6, i32* %3, align 4, !tbaa !4
  %7 = icmp sgt i32 %1, 1
  br i1 %7, label %9, label %8

8:                                                ; preds = %9, %4
  ret void

9:                                                ; preds = %4, %9
  %10 = phi i32 [ %19, %9 ], [ 1, %4 ]
  %11 = load i32, i32* %2, align 4, !tbaa !4
  %12 = zext i32 %10 to i64
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %12
  %14 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !4
  %15 = tail call spir_func i32 @_Z3minii(i32 noundef %11, i32 noundef %14) #7
  store i32 %15, i32* %2, align 4, !tbaa !4
  %16 = load i32, i32* %3, align 4, !tbaa !4
  %17 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !4
  %18 = tail call spir_func i32 @_Z3maxii(i32 noundef %16, i32 noundef %17) #7
  store i32 %18, i32* %3, align 4, !tbaa !4
  %19 = add nuw nsw i32 %10, 1
  %20 = icmp slt i32 %19, %1
  br i1 %20, label %9, label %8
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3minii(i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3maxii(i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: convergent mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local spir_func float @blend(float noundef %0, float noundef %1, i32 noundef %2) local_unnamed_addr #4 {
  %4 = fsub float %1, %0
  %5 = tail call spir_func i32 @poly(i32 noundef %2, i32 noundef 1, i32 noundef 0)
  %6 = sitofp i32 %5 to float
  %7 = fmul float %6, 1.562500e-02
  %8 = tail call float @llvm.fmuladd.f32(float %4, float %7, float %0)
  ret float %8
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #5

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @func_call(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, float addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #6 !kernel_arg_addr_space !8 !kernel_arg_access_qual !9 !kernel_arg_type !10 !kernel_arg_base_type !10 !kernel_arg_type_qual !11 {
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #7
  %7 = bitcast i32* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %7) #8
  %8 = bitcast i32* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %8) #8
  %9 = shl i64 %6, 2
  %10 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %9
  call spir_func void @minmax(i32 addrspace(1)* noundef %10, i32 noundef 4, i32* noundef nonnull %4, i32* noundef nonnull %5) #9
  %11 = load i32, i32* %4, align 4, !tbaa !4
  %12 = mul i64 %6, 3
  %13 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %12
  store i32 %11, i32 addrspace(1)* %13, align 4, !tbaa !4
  %14 = load i32, i32* %5, align 4, !tbaa !4
  %15 = add i64 %12, 1
  %16 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %15
  store i32 %14, i32 addrspace(1)* %16, align 4, !tbaa !4
  %17 = load i32, i32 addrspace(1)* %10, align 4, !tbaa !4
  %18 = and i32 %17, 255
  %19 = tail call spir_func i32 @poly(i32 noundef %18, i32 noundef 3, i32 noundef -7)
  %20 = add i64 %12, 2
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %20
  store i32 %19, i32 addrspace(1)* %21, align 4, !tbaa !4
  %22 = sitofp i32 %11 to float
  %23 = sitofp i32 %14 to float
  %24 = trunc i64 %6 to i32
  %25 = and i32 %24, 7
  %26 = tail call spir_func float @blend(float noundef %22, float noundef %23, i32 noundef %25) #9
  %27 = getelementptr inbounds float, float addrspace(1)* %2, i64 %6
  store float %26, float addrspace(1)* %27, align 4, !tbaa !12
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %8) #8
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %7) #8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #3

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent nofree noinline norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent mustprogress nofree noinline norecurse nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #5 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #6 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #7 = { convergent nounwind readnone willreturn }
attributes #8 = { nounwind }
attributes #9 = { convergent }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = !{i32 1, i32 1, i32 1}
!9 = !{!"none", !"none", !"none"}
!10 = !{!"int*", !"int*", !"float*"}
!11 = !{!"const", !"", !""}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !6, i64 0}
