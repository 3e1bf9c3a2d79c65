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
  %16 = tail call i32 @__spirjit_warpsize() #5
  %17 = icmp sgt i32 %16, 1
  br i1 %17, label %26, label %18

18:                                               ; preds = %26, %14
  %19 = phi i32 [ %15, %14 ], [ %31, %26 ]
  %20 = tail call i32 @__spirjit_warpsize() #5
  %21 = freeze i32 %20
  %22 = udiv i32 %7, %21
  %23 = mul i32 %22, %21
  %24 = sub i32 %7, %23
  %25 = icmp eq i32 %24, 0
  br i1 %25, label %33, label %36

26:                                               ; preds = %14, %26
  %27 = phi i32 [ %31, %26 ], [ %15, %14 ]
  %28 = phi i32 [ %29, %26 ], [ %16, %14 ]
  %29 = lshr i32 %28, 1
  %30 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %27, i32 %29, i32 31)
  %31 = add nsw i32 %30, %27
  %32 = icmp ult i32 %28, 4
  br i1 %32, label %18, label %26, !llvm.loop !9

33:                                               ; preds = %18
  %34 = zext nneg i32 %22 to i64
  %35 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %34
  store i32 %19, ptr %35, align 4, !tbaa !5
  br label %36

36:                                               ; preds = %33, %18
  tail call void @llvm.nvvm.barrier0()
  %37 = icmp eq i32 %7, 0
  br i1 %37, label %38, label %94

38:                                               ; preds = %36
  %39 = tail call i32 @__spirjit_warpsize() #5
  %40 = add nsw i32 %5, -1
  %41 = add i32 %40, %39
  %42 = udiv i32 %41, %39
  %43 = icmp sgt i32 %42, 0
  br i1 %43, label %44, label %65

44:                                               ; preds = %38
  %45 = and i32 %42, 3
  %46 = icmp ult i32 %42, 4
  br i1 %46, label %49, label %47

47:                                               ; preds = %44
  %48 = and i32 %42, 2147483644
  br label %68

49:                                               ; preds = %68, %44
  %50 = phi i32 [ poison, %44 ], [ %90, %68 ]
  %51 = phi i32 [ 0, %44 ], [ %91, %68 ]
  %52 = phi i32 [ 0, %44 ], [ %90, %68 ]
  %53 = icmp eq i32 %45, 0
  br i1 %53, label %65, label %54

54:                                               ; preds = %49, %54
  %55 = phi i32 [ %62, %54 ], [ %51, %49 ]
  %56 = phi i32 [ %61, %54 ], [ %52, %49 ]
  %57 = phi i32 [ %63, %54 ], [ 0, %49 ]
  %58 = zext nneg i32 %55 to i64
  %59 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %58
  %60 = load i32, ptr %59, align 4, !tbaa !5
  %61 = add nsw i32 %60, %56
  %62 = add nuw nsw i32 %55, 1
  %63 = add i32 %57, 1
  %64 = icmp eq i32 %63, %45
  br i1 %64, label %65, label %54, !llvm.loop !11

65:                                               ; preds = %49, %54, %38
  %66 = phi i32 [ 0, %38 ], [ %50, %49 ], [ %61, %54 ]
  %67 = atomicrmw add ptr %1, i32 %66 monotonic, align 4
  br label %94

68:                                               ; preds = %68, %47
  %69 = phi i32 [ 0, %47 ], [ %91, %68 ]
  %70 = phi i32 [ 0, %47 ], [ %90, %68 ]
  %71 = phi i32 [ 0, %47 ], [ %92, %68 ]
  %72 = zext nneg i32 %69 to i64
  %73 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %72
  %74 = load i32, ptr %73, align 4, !tbaa !5
  %75 = add nsw i32 %74, %70
  %76 = or disjoint i32 %69, 1
  %77 = zext nneg i32 %76 to i64
  %78 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %77
  %79 = load i32, ptr %78, align 4, !tbaa !5
  %80 = add nsw i32 %79, %75
  %81 = or disjoint i32 %69, 2
  %82 = zext nneg i32 %81 to i64
  %83 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %82
  %84 = load i32, ptr %83, align 4, !tbaa !5
  %85 = add nsw i32 %84, %80
  %86 = or disjoint i32 %69, 3
  %87 = zext nneg i32 %86 to i64
  %88 = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11reduce_shflE9warp_sums to ptr), i64 0, i64 %87
  %89 = load i32, ptr %88, align 4, !tbaa !5
  %90 = add nsw i32 %89, %85
  %91 = add nuw nsw i32 %69, 4
  %92 = add i32 %71, 4
  %93 = icmp eq i32 %92, %48
  br i1 %93, label %49, label %68, !llvm.loop !13

94:                                               ; preds = %65, %36
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare dso_local i32 @__spirjit_warpsize() local_unnamed_addr #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #4

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #5 = { convergent nounwind willreturn memory(none) }

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
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !10}
