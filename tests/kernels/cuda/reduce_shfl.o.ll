; ModuleID = 'reduce_shfl.cu'
source_filename = "reduce_shfl.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ11reduce_shflE9warp_sums = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_shfl(ptr nocapture noundef readonly %0, ptr nocapture noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %3 ]
  %16 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %15, i32 16, i32 31)
  %17 = add nsw i32 %16, %15
  %18 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %17, i32 8, i32 31)
  %19 = add nsw i32 %18, %17
  %20 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %19, i32 4, i32 31)
  %21 = add nsw i32 %20, %19
  %22 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %21, i32 2, i32 31)
  %23 = add nsw i32 %22, %21
  %24 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %23, i32 1, i32 31)
  %25 = and i32 %7, 31
  %26 = icmp eq i32 %25, 0
  br i1 %26, label %27, label %32

27:                                               ; preds = %14
  %28 = add nsw i32 %24, %23
  %29 = lshr exact i32 %7, 5
  %30 = zext nneg i32 %29 to i64
  %31 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %30
  store i32 %28, ptr %31, align 4, !tbaa !5
  br label %32

32:                                               ; preds = %27, %14
  tail call void @llvm.nvvm.barrier0()
  %33 = icmp eq i32 %7, 0
  br i1 %33, label %34, label %87

34:                                               ; preds = %32
  %35 = add nuw nsw i32 %5, 31
  %36 = lshr i32 %35, 5
  %37 = add nsw i32 %36, -1
  %38 = and i32 %36, 3
  %39 = icmp ult i32 %37, 3
  br i1 %39, label %42, label %40

40:                                               ; preds = %34
  %41 = and i32 %36, 124
  br label %61

42:                                               ; preds = %61, %34
  %43 = phi i32 [ poison, %34 ], [ %83, %61 ]
  %44 = phi i32 [ 0, %34 ], [ %84, %61 ]
  %45 = phi i32 [ 0, %34 ], [ %83, %61 ]
  %46 = icmp eq i32 %38, 0
  br i1 %46, label %58, label %47

47:                                               ; preds = %42, %47
  %48 = phi i32 [ %55, %47 ], [ %44, %42 ]
  %49 = phi i32 [ %54, %47 ], [ %45, %42 ]
  %50 = phi i32 [ %56, %47 ], [ 0, %42 ]
  %51 = zext nneg i32 %48 to i64
  %52 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %51
  %53 = load i32, ptr %52, align 4, !tbaa !5
  %54 = add nsw i32 %53, %49
  %55 = add nuw nsw i32 %48, 1
  %56 = add i32 %50, 1
  %57 = icmp eq i32 %56, %38
  br i1 %57, label %58, label %47, !llvm.loop !9

58:                                               ; preds = %47, %42
  %59 = phi i32 [ %43, %42 ], [ %54, %47 ]
  %60 = atomicrmw add ptr %1, i32 %59 monotonic, align 4
  br label %87

61:                                               ; preds = %61, %40
  %62 = phi i32 [ 0, %40 ], [ %84, %61 ]
  %63 = phi i32 [ 0, %40 ], [ %83, %61 ]
  %64 = phi i32 [ 0, %40 ], [ %85, %61 ]
  %65 = zext nneg i32 %62 to i64
  %66 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %65
  %67 = load i32, ptr %66, align 4, !tbaa !5
  %68 = add nsw i32 %67, %63
  %69 = or disjoint i32 %62, 1
  %70 = zext nneg i32 %69 to i64
  %71 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %70
  %72 = load i32, ptr %71, align 4, !tbaa !5
  %73 = add nsw i32 %72, %68
  %74 = or disjoint i32 %62, 2
  %75 = zext nneg i32 %74 to i64
  %76 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %75
  %77 = load i32, ptr %76, align 4, !tbaa !5
  %78 = add nsw i32 %77, %73
  %79 = or disjoint i32 %62, 3
  %80 = zext nneg i32 %79 to i64
  %81 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %80
  %82 = load i32, ptr %81, align 4, !tbaa !5
  %83 = add nsw i32 %82, %78
  %84 = add nuw nsw i32 %62, 4
  %85 = add i32 %64, 4
  %86 = icmp eq i32 %85, %41
  br i1 %86, label %42, label %61, !llvm.loop !11

87:                                               ; preds = %58, %32
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @reduce_shfl, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.unroll.disable"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
