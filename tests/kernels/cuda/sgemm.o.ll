; ModuleID = 'sgemm.cu'
source_filename = "sgemm.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ5sgemmE2ta = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ5sgemmE2tb = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sgemm(i32 noundef %0, i32 noundef %1, i32 noundef %2, float noundef %3, ptr nocapture noundef readonly %4, ptr nocapture noundef readonly %5, float noundef %6, ptr nocapture noundef %7) local_unnamed_addr #0 {
  %9 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %10 = tail call range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %11 = shl nuw nsw i32 %10, 4
  %12 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %13 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %14 = add nuw nsw i32 %11, %13
  %15 = shl i32 %9, 4
  %16 = add i32 %15, %12
  %17 = icmp sgt i32 %2, 0
  br i1 %17, label %18, label %26

18:                                               ; preds = %8
  %19 = icmp slt i32 %14, %0
  %20 = mul nuw nsw i32 %14, %2
  %21 = zext nneg i32 %13 to i64
  %22 = zext nneg i32 %12 to i64
  %23 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2ta to ptr), i64 0, i64 %21, i64 %22
  %24 = icmp slt i32 %16, %1
  %25 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2tb to ptr), i64 0, i64 %21, i64 %22
  br label %31

26:                                               ; preds = %55, %8
  %27 = phi float [ 0.000000e+00, %8 ], [ %73, %55 ]
  %28 = icmp slt i32 %14, %0
  %29 = icmp slt i32 %16, %1
  %30 = and i1 %28, %29
  br i1 %30, label %76, label %85

31:                                               ; preds = %18, %55
  %32 = phi float [ 0.000000e+00, %18 ], [ %73, %55 ]
  %33 = phi i32 [ 0, %18 ], [ %56, %55 ]
  %34 = add nuw i32 %33, %12
  %35 = add nuw i32 %33, %13
  %36 = icmp slt i32 %34, %2
  %37 = select i1 %19, i1 %36, i1 false
  br i1 %37, label %38, label %43

38:                                               ; preds = %31
  %39 = add nsw i32 %34, %20
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds float, ptr %4, i64 %40
  %42 = load float, ptr %41, align 4, !tbaa !5
  br label %43

43:                                               ; preds = %31, %38
  %44 = phi contract float [ %42, %38 ], [ 0.000000e+00, %31 ]
  store float %44, ptr %23, align 4, !tbaa !5
  %45 = icmp slt i32 %35, %2
  %46 = and i1 %24, %45
  br i1 %46, label %47, label %53

47:                                               ; preds = %43
  %48 = mul nsw i32 %35, %1
  %49 = add nsw i32 %48, %16
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds float, ptr %5, i64 %50
  %52 = load float, ptr %51, align 4, !tbaa !5
  br label %53

53:                                               ; preds = %43, %47
  %54 = phi contract float [ %52, %47 ], [ 0.000000e+00, %43 ]
  store float %54, ptr %25, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  br label %58

55:                                               ; preds = %58
  tail call void @llvm.nvvm.barrier0()
  %56 = add nuw nsw i32 %33, 16
  %57 = icmp slt i32 %56, %2
  br i1 %57, label %31, label %26, !llvm.loop !9

58:                                               ; preds = %58, %53
  %59 = phi float [ %32, %53 ], [ %73, %58 ]
  %60 = phi i32 [ 0, %53 ], [ %74, %58 ]
  %61 = zext nneg i32 %60 to i64
  %62 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2ta to ptr), i64 0, i64 %21, i64 %61
  %63 = load float, ptr %62, align 4, !tbaa !5
  %64 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2tb to ptr), i64 0, i64 %61, i64 %22
  %65 = load float, ptr %64, align 4, !tbaa !5
  %66 = tail call contract noundef float @__nv_fmaf(float noundef %63, float noundef %65, float noundef %59) #4
  %67 = or disjoint i32 %60, 1
  %68 = zext nneg i32 %67 to i64
  %69 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2ta to ptr), i64 0, i64 %21, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !5
  %71 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ5sgemmE2tb to ptr), i64 0, i64 %68, i64 %22
  %72 = load float, ptr %71, align 4, !tbaa !5
  %73 = tail call contract noundef float @__nv_fmaf(float noundef %70, float noundef %72, float noundef %66) #4
  %74 = add nuw nsw i32 %60, 2
  %75 = icmp eq i32 %74, 16
  br i1 %75, label %55, label %58, !llvm.loop !11

76:                                               ; preds = %26
  %77 = mul nsw i32 %14, %1
  %78 = add nsw i32 %77, %16
  %79 = sext i32 %78 to i64
  %80 = getelementptr inbounds float, ptr %7, i64 %79
  %81 = fmul contract float %27, %3
  %82 = load float, ptr %80, align 4, !tbaa !5
  %83 = fmul contract float %82, %6
  %84 = fadd contract float %81, %83
  store float %84, ptr %80, align 4, !tbaa !5
  br label %85

85:                                               ; preds = %76, %26
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fmaf(float noundef, float noundef, float noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @sgemm, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
