; ModuleID = 'sgemm.cu'
source_filename = "sgemm.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ5sgemmE2ta = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ5sgemmE2tb = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sgemm(i32 noundef %0, i32 noundef %1, i32 noundef %2, float noundef %3, float* nocapture noundef readonly %4, float* nocapture noundef readonly %5, float noundef %6, float* nocapture noundef %7) local_unnamed_addr #0 {
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #4
  %11 = shl i32 %10, 4
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #4
  %14 = add i32 %11, %13
  %15 = shl i32 %9, 4
  %16 = add i32 %15, %12
  %17 = icmp sgt i32 %2, 0
  br i1 %17, label %18, label %28

18:                                               ; preds = %8
  %19 = icmp slt i32 %14, %0
  %20 = mul nsw i32 %14, %2
  %21 = zext i32 %13 to i64
  %22 = zext i32 %12 to i64
  %23 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2ta, i64 0, i64 %21, i64 %22
  %24 = addrspacecast float addrspace(3)* %23 to float*
  %25 = icmp slt i32 %16, %1
  %26 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2tb, i64 0, i64 %21, i64 %22
  %27 = addrspacecast float addrspace(3)* %26 to float*
  br label %37

28:                                               ; preds = %61, %8
  %29 = phi float [ 0.000000e+00, %8 ], [ %83, %61 ]
  %30 = icmp slt i32 %14, %0
  %31 = icmp slt i32 %16, %1
  %32 = select i1 %30, i1 %31, i1 false
  %33 = mul nsw i32 %14, %1
  %34 = add nsw i32 %33, %16
  %35 = sext i32 %34 to i64
  %36 = getelementptr inbounds float, float* %7, i64 %35
  br i1 %32, label %86, label %91

37:                                               ; preds = %18, %61
  %38 = phi float [ 0.000000e+00, %18 ], [ %83, %61 ]
  %39 = phi i32 [ 0, %18 ], [ %62, %61 ]
  %40 = add i32 %39, %12
  %41 = add i32 %39, %13
  %42 = icmp slt i32 %40, %2
  %43 = select i1 %19, i1 %42, i1 false
  br i1 %43, label %44, label %49

44:                                               ; preds = %37
  %45 = add nsw i32 %40, %20
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds float, float* %4, i64 %46
  %48 = load float, float* %47, align 4, !tbaa !5
  br label %49

49:                                               ; preds = %37, %44
  %50 = phi contract float [ %48, %44 ], [ 0.000000e+00, %37 ]
  store float %50, float* %24, align 4, !tbaa !5
  %51 = icmp slt i32 %41, %2
  %52 = select i1 %51, i1 %25, i1 false
  br i1 %52, label %53, label %59

53:                                               ; preds = %49
  %54 = mul nsw i32 %41, %1
  %55 = add nsw i32 %54, %16
  %56 = sext i32 %55 to i64
  %57 = getelementptr inbounds float, float* %5, i64 %56
  %58 = load float, float* %57, align 4, !tbaa !5
  br label %59

59:                                               ; preds = %49, %53
  %60 = phi contract float [ %58, %53 ], [ 0.000000e+00, %49 ]
  store float %60, float* %27, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  br label %64

61:                                               ; preds = %64
  tail call void @llvm.nvvm.barrier0()
  %62 = add nuw nsw i32 %39, 16
  %63 = icmp slt i32 %62, %2
  br i1 %63, label %37, label %28, !llvm.loop !9

64:                                               ; preds = %64, %59
  %65 = phi float [ %38, %59 ], [ %83, %64 ]
  %66 = phi i32 [ 0, %59 ], [ %84, %64 ]
  %67 = zext i32 %66 to i64
  %68 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2ta, i64 0, i64 %21, i64 %67
  %69 = addrspacecast float addrspace(3)* %68 to float*
  %70 = load float, float* %69, align 4, !tbaa !5
  %71 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2tb, i64 0, i64 %67, i64 %22
  %72 = addrspacecast float addrspace(3)* %71 to float*
  %73 = load float, float* %72, align 4, !tbaa !5
  %74 = tail call contract float @__nv_fmaf(float noundef %70, float noundef %73, float noundef %65) #1
  %75 = or i32 %66, 1
  %76 = zext i32 %75 to i64
  %77 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2ta, i64 0, i64 %21, i64 %76
  %78 = addrspacecast float addrspace(3)* %77 to float*
  %79 = load float, float* %78, align 4, !tbaa !5
  %80 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ5sgemmE2tb, i64 0, i64 %76, i64 %22
  %81 = addrspacecast float addrspace(3)* %80 to float*
  %82 = load float, float* %81, align 4, !tbaa !5
  %83 = tail call contract float @__nv_fmaf(float noundef %79, float noundef %82, float noundef %74) #1
  %84 = add nuw nsw i32 %66, 2
  %85 = icmp eq i32 %84, 16
  br i1 %85, label %61, label %64, !llvm.loop !11

86:                                               ; preds = %28
  %87 = fmul contract float %29, %3
  %88 = load float, float* %36, align 4, !tbaa !5
  %89 = fmul contract float %88, %6
  %90 = fadd contract float %87, %89
  store float %90, float* %36, align 4, !tbaa !5
  br label %91

91:                                               ; preds = %86, %28
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fmaf(float noundef, float noundef, float noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #4 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32, i32, i32, float, float*, float*, float, float*)* @sgemm, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
