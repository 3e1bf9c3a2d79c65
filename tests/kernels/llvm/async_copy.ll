; ModuleID = 'async_copy.cl'
source_filename = "async_copy.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%opencl.event_t = type opaque

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @async_copy(float addrspace(1)* noundef %0, float addrspace(1)* noundef %1, float addrspace(1)* noundef %2, float addrspace(3)* noundef %3, float addrspace(3)* noundef %4, i32 noundef %5) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %7 = alloca %opencl.event_t*, align 8
  %8 = alloca %opencl.event_t*, align 8
  %9 = alloca %opencl.event_t*, align 8
  %10 = alloca %opencl.event_t*, align 8
  %11 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #5
  %12 = tail call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #5
  %13 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #5
  %14 = bitcast %opencl.event_t** %7 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %14) #6
  %15 = mul i64 %13, %12
  %16 = getelementptr inbounds float, float addrspace(1)* %0, i64 %15
  %17 = tail call spir_func %opencl.event_t* @_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event(float addrspace(3)* noundef %3, float addrspace(1)* noundef %16, i64 noundef %12, %opencl.event_t* null) #7
  store %opencl.event_t* %17, %opencl.event_t** %7, align 8, !tbaa !8
  %18 = bitcast %opencl.event_t** %8 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %18) #6
  %19 = getelementptr inbounds float, float addrspace(1)* %0, i64 %13
  %20 = sext i32 %5 to i64
  %21 = tail call spir_func %opencl.event_t* @_Z29async_work_group_strided_copyPU3AS3fPU3AS1Kfmm9ocl_event(float addrspace(3)* noundef %4, float addrspace(1)* noundef %19, i64 noundef %12, i64 noundef %20, %opencl.event_t* null) #7
  store %opencl.event_t* %21, %opencl.event_t** %8, align 8, !tbaa !8
  %22 = addrspacecast %opencl.event_t** %7 to %opencl.event_t* addrspace(4)*
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, %opencl.event_t* addrspace(4)* noundef %22) #7
  %23 = addrspacecast %opencl.event_t** %8 to %opencl.event_t* addrspace(4)*
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, %opencl.event_t* addrspace(4)* noundef %23) #7
  %24 = getelementptr inbounds float, float addrspace(3)* %3, i64 %11
  %25 = load float, float addrspace(3)* %24, align 4, !tbaa !12
  %26 = xor i64 %11, -1
  %27 = add i64 %12, %26
  %28 = getelementptr inbounds float, float addrspace(3)* %4, i64 %27
  %29 = load float, float addrspace(3)* %28, align 4, !tbaa !12
  %30 = call float @llvm.fmuladd.f32(float %25, float 2.000000e+00, float %29)
  store float %30, float addrspace(3)* %24, align 4, !tbaa !12
  call spir_func void @_Z7barrierj(i32 noundef 1) #7
  %31 = bitcast %opencl.event_t** %9 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %31) #6
  %32 = getelementptr inbounds float, float addrspace(1)* %1, i64 %15
  %33 = call spir_func %opencl.event_t* @_Z21async_work_group_copyPU3AS1fPU3AS3Kfm9ocl_event(float addrspace(1)* noundef %32, float addrspace(3)* noundef %3, i64 noundef %12, %opencl.event_t* null) #7
  store %opencl.event_t* %33, %opencl.event_t** %9, align 8, !tbaa !8
  %34 = bitcast %opencl.event_t** %10 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %34) #6
  %35 = getelementptr inbounds float, float addrspace(1)* %2, i64 %13
  %36 = call spir_func %opencl.event_t* @_Z29async_work_group_strided_copyPU3AS1fPU3AS3Kfmm9ocl_event(float addrspace(1)* noundef %35, float addrspace(3)* noundef %3, i64 noundef %12, i64 noundef %20, %opencl.event_t* null) #7
  store %opencl.event_t* %36, %opencl.event_t** %10, align 8, !tbaa !8
  %37 = addrspacecast %opencl.event_t** %9 to %opencl.event_t* addrspace(4)*
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, %opencl.event_t* addrspace(4)* noundef %37) #7
  %38 = addrspacecast %opencl.event_t** %10 to %opencl.event_t* addrspace(4)*
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, %opencl.event_t* addrspace(4)* noundef %38) #7
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %34) #6
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %31) #6
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %18) #6
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %14) #6
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare dso_local spir_func %opencl.event_t* @_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event(float addrspace(3)* noundef, float addrspace(1)* noundef, i64 noundef, %opencl.event_t*) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func %opencl.event_t* @_Z29async_work_group_strided_copyPU3AS3fPU3AS1Kfmm9ocl_event(float addrspace(3)* noundef, float addrspace(1)* noundef, i64 noundef, i64 noundef, %opencl.event_t*) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef, %opencl.event_t* addrspace(4)* noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #4

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func %opencl.event_t* @_Z21async_work_group_copyPU3AS1fPU3AS3Kfm9ocl_event(float addrspace(1)* noundef, float addrspace(3)* noundef, i64 noundef, %opencl.event_t*) local_unnamed_addr #3

; Function Attrs: convergent
declare dso_local spir_func %opencl.event_t* @_Z29async_work_group_strided_copyPU3AS1fPU3AS3Kfmm9ocl_event(float addrspace(1)* noundef, float addrspace(3)* noundef, i64 noundef, i64 noundef, %opencl.event_t*) local_unnamed_addr #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { nounwind }
attributes #7 = { convergent nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 3, i32 3, i32 0}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"float*", !"float*", !"float*", !"float*", !"float*", !"int"}
!7 = !{!"const", !"", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"event_t", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !10, i64 0}
