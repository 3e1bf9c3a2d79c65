; ModuleID = 'scan.cu'
source_filename = "scan.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ4scanE3buf = internal unnamed_addr addrspace(3) global [2 x [256 x i32]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @scan(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %3 ]
  %16 = sext i32 %4 to i64
  %17 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ4scanE3buf, i64 0, i64 0, i64 %16
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*
  store i32 %15, i32* %18, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %19 = icmp sgt i32 %6, 1
  br i1 %19, label %22, label %20

20:                                               ; preds = %35, %14
  %21 = phi i32 [ %15, %14 ], [ %36, %35 ]
  br i1 %9, label %43, label %46

22:                                               ; preds = %14, %35
  %23 = phi i32 [ %36, %35 ], [ %15, %14 ]
  %24 = phi i32 [ %37, %35 ], [ 0, %14 ]
  %25 = phi i32 [ %41, %35 ], [ 1, %14 ]
  %26 = icmp slt i32 %4, %25
  br i1 %26, label %35, label %27

27:                                               ; preds = %22
  %28 = zext i32 %24 to i64
  %29 = sub nsw i32 %4, %25
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ4scanE3buf, i64 0, i64 %28, i64 %30
  %32 = addrspacecast i32 addrspace(3)* %31 to i32*
  %33 = load i32, i32* %32, align 4, !tbaa !5
  %34 = add nsw i32 %33, %23
  br label %35

35:                                               ; preds = %27, %22
  %36 = phi i32 [ %34, %27 ], [ %23, %22 ]
  %37 = sub nsw i32 1, %24
  %38 = zext i32 %37 to i64
  %39 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ4scanE3buf, i64 0, i64 %38, i64 %16
  %40 = addrspacecast i32 addrspace(3)* %39 to i32*
  store i32 %36, i32* %40, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %41 = shl nsw i32 %25, 1
  %42 = icmp slt i32 %41, %6
  br i1 %42, label %22, label %20, !llvm.loop !9

43:                                               ; preds = %20
  %44 = sext i32 %8 to i64
  %45 = getelementptr inbounds i32, i32* %1, i64 %44
  store i32 %21, i32* %45, align 4, !tbaa !5
  br label %46

46:                                               ; preds = %43, %20
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32*, i32*, i32)* @scan, !"kernel", i32 1}
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
