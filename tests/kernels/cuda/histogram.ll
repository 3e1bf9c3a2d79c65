; ModuleID = 'histogram.cu'
source_filename = "histogram.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9histogramE5local = internal addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @histogram(i8* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %5 = icmp slt i32 %4, 64
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  br i1 %5, label %15, label %7

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier0()
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %9 = mul i32 %8, %6
  %10 = add i32 %9, %4
  %11 = icmp slt i32 %10, %2
  br i1 %11, label %12, label %22

12:                                               ; preds = %7
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3
  %14 = mul i32 %6, %13
  br label %23

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %20, %15 ], [ %4, %3 ]
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ9histogramE5local, i64 0, i64 %17
  %19 = addrspacecast i32 addrspace(3)* %18 to i32*
  store i32 0, i32* %19, align 4, !tbaa !5
  %20 = add i32 %16, %6
  %21 = icmp slt i32 %20, 64
  br i1 %21, label %15, label %7, !llvm.loop !9

22:                                               ; preds = %23, %7
  tail call void @llvm.nvvm.barrier0()
  br i1 %5, label %36, label %35

23:                                               ; preds = %12, %23
  %24 = phi i32 [ %10, %12 ], [ %33, %23 ]
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds i8, i8* %0, i64 %25
  %27 = load i8, i8* %26, align 1, !tbaa !11
  %28 = and i8 %27, 63
  %29 = zext i8 %28 to i64
  %30 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ9histogramE5local, i64 0, i64 %29
  %31 = addrspacecast i32 addrspace(3)* %30 to i32*
  %32 = atomicrmw add i32* %31, i32 1 monotonic, align 4
  %33 = add i32 %24, %14
  %34 = icmp slt i32 %33, %2
  br i1 %34, label %23, label %22, !llvm.loop !12

35:                                               ; preds = %46, %22
  ret void

36:                                               ; preds = %22, %46
  %37 = phi i32 [ %47, %46 ], [ %4, %22 ]
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ9histogramE5local, i64 0, i64 %38
  %40 = addrspacecast i32 addrspace(3)* %39 to i32*
  %41 = load i32, i32* %40, align 4, !tbaa !5
  %42 = icmp eq i32 %41, 0
  br i1 %42, label %46, label %43

43:                                               ; preds = %36
  %44 = getelementptr inbounds i32, i32* %1, i64 %38
  %45 = atomicrmw add i32* %44, i32 %41 monotonic, align 4
  br label %46

46:                                               ; preds = %36, %43
  %47 = add i32 %37, %6
  %48 = icmp slt i32 %47, 64
  br i1 %48, label %36, label %35, !llvm.loop !13
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i8*, i32*, i32)* @histogram, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!7, !7, i64 0}
!12 = distinct !{!12, !10}
!13 = distinct !{!13, !10}
