; ModuleID = 'atomics.cu'
source_filename = "atomics.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @atomics(ptr nocapture noundef %0, ptr noundef %1, ptr nocapture noundef %2, ptr nocapture noundef readonly %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %61

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds i32, ptr %3, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !5
  %16 = atomicrmw add ptr %0, i32 %15 monotonic, align 4
  %17 = getelementptr inbounds i8, ptr %0, i64 4
  %18 = atomicrmw max ptr %17, i32 %15 monotonic, align 4
  %19 = getelementptr inbounds i8, ptr %0, i64 8
  %20 = atomicrmw min ptr %19, i32 %15 monotonic, align 4
  %21 = getelementptr inbounds i8, ptr %0, i64 12
  %22 = and i32 %15, 31
  %23 = shl nuw i32 1, %22
  %24 = atomicrmw or ptr %21, i32 %23 monotonic, align 4
  %25 = getelementptr inbounds i8, ptr %0, i64 16
  %26 = and i32 %15, 7
  %27 = shl nuw nsw i32 1, %26
  %28 = xor i32 %27, -1
  %29 = atomicrmw and ptr %25, i32 %28 monotonic, align 4
  %30 = getelementptr inbounds i8, ptr %0, i64 20
  %31 = atomicrmw xor ptr %30, i32 %15 monotonic, align 4
  %32 = load volatile i32, ptr %1, align 4, !tbaa !5
  br label %33

33:                                               ; preds = %33, %12
  %34 = phi i32 [ %32, %12 ], [ %39, %33 ]
  %35 = icmp ugt i32 %34, 15
  %36 = add i32 %34, 1
  %37 = select i1 %35, i32 0, i32 %36
  %38 = cmpxchg ptr %1, i32 %34, i32 %37 monotonic monotonic, align 4
  %39 = extractvalue { i32, i1 } %38, 0
  %40 = extractvalue { i32, i1 } %38, 1
  br i1 %40, label %41, label %33, !llvm.loop !9

41:                                               ; preds = %33
  %42 = getelementptr inbounds i8, ptr %1, i64 4
  %43 = load volatile i32, ptr %42, align 4, !tbaa !5
  br label %44

44:                                               ; preds = %44, %41
  %45 = phi i32 [ %43, %41 ], [ %51, %44 ]
  %46 = add i32 %45, -17
  %47 = icmp ult i32 %46, -16
  %48 = add nsw i32 %45, -1
  %49 = select i1 %47, i32 16, i32 %48
  %50 = cmpxchg ptr %42, i32 %45, i32 %49 monotonic monotonic, align 4
  %51 = extractvalue { i32, i1 } %50, 0
  %52 = extractvalue { i32, i1 } %50, 1
  br i1 %52, label %53, label %44, !llvm.loop !11

53:                                               ; preds = %44
  %54 = atomicrmw fadd ptr %2, float 5.000000e-01 seq_cst, align 4
  %55 = getelementptr inbounds i8, ptr %0, i64 24
  br label %56

56:                                               ; preds = %56, %53
  %57 = load i32, ptr %55, align 4, !tbaa !5
  %58 = add nsw i32 %57, 2
  %59 = cmpxchg ptr %55, i32 %57, i32 %58 monotonic monotonic, align 4
  %60 = extractvalue { i32, i1 } %59, 1
  br i1 %60, label %61, label %56, !llvm.loop !12

61:                                               ; preds = %56, %5
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @atomics, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
!12 = distinct !{!12, !10}
