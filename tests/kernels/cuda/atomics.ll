; ModuleID = 'atomics.cu'
source_filename = "atomics.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @atomics(i32* nocapture noundef %0, i32* nocapture noundef %1, float* nocapture noundef %2, i32* nocapture noundef readonly %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %42

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds i32, i32* %3, i64 %13
  %15 = load i32, i32* %14, align 4, !tbaa !5
  %16 = atomicrmw add i32* %0, i32 %15 monotonic, align 4
  %17 = getelementptr inbounds i32, i32* %0, i64 1
  %18 = atomicrmw max i32* %17, i32 %15 monotonic, align 4
  %19 = getelementptr inbounds i32, i32* %0, i64 2
  %20 = atomicrmw min i32* %19, i32 %15 monotonic, align 4
  %21 = getelementptr inbounds i32, i32* %0, i64 3
  %22 = and i32 %15, 31
  %23 = shl nuw i32 1, %22
  %24 = atomicrmw or i32* %21, i32 %23 monotonic, align 4
  %25 = getelementptr inbounds i32, i32* %0, i64 4
  %26 = and i32 %15, 7
  %27 = shl nuw nsw i32 1, %26
  %28 = xor i32 %27, -1
  %29 = atomicrmw and i32* %25, i32 %28 monotonic, align 4
  %30 = getelementptr inbounds i32, i32* %0, i64 5
  %31 = atomicrmw xor i32* %30, i32 %15 monotonic, align 4
  %32 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* %1, i32 16) #3
  %33 = getelementptr inbounds i32, i32* %1, i64 1
  %34 = tail call i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* nonnull %33, i32 16) #3
  %35 = atomicrmw fadd float* %2, float 5.000000e-01 seq_cst, align 4
  %36 = getelementptr inbounds i32, i32* %0, i64 6
  br label %37

37:                                               ; preds = %37, %12
  %38 = load i32, i32* %36, align 4, !tbaa !5
  %39 = add nsw i32 %38, 2
  %40 = cmpxchg i32* %36, i32 %38, i32 %39 monotonic monotonic, align 4
  %41 = extractvalue { i32, i1 } %40, 1
  br i1 %41, label %42, label %37, !llvm.loop !9

42:                                               ; preds = %37, %5
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* nocapture, i32) #2

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* nocapture, i32) #2

attributes #0 = { mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { argmemonly nounwind }
attributes #3 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32*, i32*, float*, i32*, i32)* @atomics, !"kernel", i32 1}
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
