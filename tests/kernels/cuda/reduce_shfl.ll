; ModuleID = 'reduce_shfl.cu'
source_filename = "reduce_shfl.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ11reduce_shflE9warp_sums = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_shfl(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %3 ]
  %16 = tail call i32 @__spirjit_warpsize() #6
  %17 = icmp sgt i32 %16, 1
  br i1 %17, label %26, label %18

18:                                               ; preds = %26, %14
  %19 = phi i32 [ %15, %14 ], [ %31, %26 ]
  %20 = freeze i32 %7
  %21 = freeze i32 %16
  %22 = udiv i32 %20, %21
  %23 = mul i32 %22, %21
  %24 = sub i32 %20, %23
  %25 = icmp eq i32 %24, 0
  br i1 %25, label %33, label %37

26:                                               ; preds = %14, %26
  %27 = phi i32 [ %29, %26 ], [ %16, %14 ]
  %28 = phi i32 [ %31, %26 ], [ %15, %14 ]
  %29 = sdiv i32 %27, 2
  %30 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %28, i32 %29, i32 31) #5
  %31 = add nsw i32 %30, %28
  %32 = icmp sgt i32 %27, 3
  br i1 %32, label %26, label %18, !llvm.loop !9

33:                                               ; preds = %18
  %34 = sext i32 %22 to i64
  %35 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %34
  %36 = addrspacecast i32 addrspace(3)* %35 to i32*
  store i32 %19, i32* %36, align 4, !tbaa !5
  br label %37

37:                                               ; preds = %33, %18
  tail call void @llvm.nvvm.barrier0()
  %38 = icmp eq i32 %7, 0
  br i1 %38, label %39, label %100

39:                                               ; preds = %37
  %40 = add i32 %5, -1
  %41 = add i32 %40, %16
  %42 = udiv i32 %41, %16
  %43 = icmp sgt i32 %42, 0
  br i1 %43, label %44, label %67

44:                                               ; preds = %39
  %45 = add i32 %42, -1
  %46 = and i32 %42, 3
  %47 = icmp ult i32 %45, 3
  br i1 %47, label %50, label %48

48:                                               ; preds = %44
  %49 = and i32 %42, -4
  br label %70

50:                                               ; preds = %70, %44
  %51 = phi i32 [ undef, %44 ], [ %96, %70 ]
  %52 = phi i32 [ 0, %44 ], [ %97, %70 ]
  %53 = phi i32 [ 0, %44 ], [ %96, %70 ]
  %54 = icmp eq i32 %46, 0
  br i1 %54, label %67, label %55

55:                                               ; preds = %50, %55
  %56 = phi i32 [ %64, %55 ], [ %52, %50 ]
  %57 = phi i32 [ %63, %55 ], [ %53, %50 ]
  %58 = phi i32 [ %65, %55 ], [ 0, %50 ]
  %59 = zext i32 %56 to i64
  %60 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %59
  %61 = addrspacecast i32 addrspace(3)* %60 to i32*
  %62 = load i32, i32* %61, align 4, !tbaa !5
  %63 = add nsw i32 %62, %57
  %64 = add nuw nsw i32 %56, 1
  %65 = add i32 %58, 1
  %66 = icmp eq i32 %65, %46
  br i1 %66, label %67, label %55, !llvm.loop !11

67:                                               ; preds = %50, %55, %39
  %68 = phi i32 [ 0, %39 ], [ %51, %50 ], [ %63, %55 ]
  %69 = atomicrmw add i32* %1, i32 %68 monotonic, align 4
  br label %100

70:                                               ; preds = %70, %48
  %71 = phi i32 [ 0, %48 ], [ %97, %70 ]
  %72 = phi i32 [ 0, %48 ], [ %96, %70 ]
  %73 = phi i32 [ 0, %48 ], [ %98, %70 ]
  %74 = zext i32 %71 to i64
  %75 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %74
  %76 = addrspacecast i32 addrspace(3)* %75 to i32*
  %77 = load i32, i32* %76, align 4, !tbaa !5
  %78 = add nsw i32 %77, %72
  %79 = or i32 %71, 1
  %80 = zext i32 %79 to i64
  %81 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %80
  %82 = addrspacecast i32 addrspace(3)* %81 to i32*
  %83 = load i32, i32* %82, align 4, !tbaa !5
  %84 = add nsw i32 %83, %78
  %85 = or i32 %71, 2
  %86 = zext i32 %85 to i64
  %87 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %86
  %88 = addrspacecast i32 addrspace(3)* %87 to i32*
  %89 = load i32, i32* %88, align 4, !tbaa !5
  %90 = add nsw i32 %89, %84
  %91 = or i32 %71, 3
  %92 = zext i32 %91 to i64
  %93 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ11reduce_shflE9warp_sums, i64 0, i64 %92
  %94 = addrspacecast i32 addrspace(3)* %93 to i32*
  %95 = load i32, i32* %94, align 4, !tbaa !5
  %96 = add nsw i32 %95, %90
  %97 = add nuw nsw i32 %71, 4
  %98 = add i32 %73, 4
  %99 = icmp eq i32 %98, %49
  br i1 %99, label %50, label %70, !llvm.loop !13

100:                                              ; preds = %67, %37
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local i32 @__spirjit_warpsize() local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #4

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #2 = { convergent nounwind }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { convergent inaccessiblememonly nounwind }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32*, i32*, i32)* @reduce_shfl, !"kernel", i32 1}
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
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !10}
