; ModuleID = 'reduce_shared.cu'
source_filename = "reduce_shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ13reduce_sharedE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_shared(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp ult i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64
  %12 = getelementptr inbounds float, float* %0, i64 %11
  %13 = load float, float* %12, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %3 ]
  %16 = zext i32 %4 to i64
  %17 = getelementptr inbounds [256 x float], [256 x float] addrspace(3)* @_ZZ13reduce_sharedE4tile, i64 0, i64 %16
  %18 = addrspacecast float addrspace(3)* %17 to float*
  store float %15, float* %18, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %19 = icmp ult i32 %6, 2
  br i1 %19, label %20, label %22

20:                                               ; preds = %34, %14
  %21 = icmp eq i32 %4, 0
  br i1 %21, label %37, label %41

22:                                               ; preds = %14, %34
  %23 = phi float [ %35, %34 ], [ %15, %14 ]
  %24 = phi i32 [ %25, %34 ], [ %6, %14 ]
  %25 = lshr i32 %24, 1
  %26 = icmp ult i32 %4, %25
  br i1 %26, label %27, label %34

27:                                               ; preds = %22
  %28 = add i32 %25, %4
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds [256 x float], [256 x float] addrspace(3)* @_ZZ13reduce_sharedE4tile, i64 0, i64 %29
  %31 = addrspacecast float addrspace(3)* %30 to float*
  %32 = load float, float* %31, align 4, !tbaa !5
  %33 = fadd contract float %32, %23
  store float %33, float* %18, align 4, !tbaa !5
  br label %34

34:                                               ; preds = %27, %22
  %35 = phi float [ %33, %27 ], [ %23, %22 ]
  tail call void @llvm.nvvm.barrier0()
  %36 = icmp ult i32 %24, 4
  br i1 %36, label %20, label %22, !llvm.loop !9

37:                                               ; preds = %20
  %38 = zext i32 %5 to i64
  %39 = getelementptr inbounds float, float* %1, i64 %38
  %40 = load float, float* getelementptr inbounds ([256 x float], [256 x float]* addrspacecast ([256 x float] addrspace(3)* @_ZZ13reduce_sharedE4tile to [256 x float]*), i64 0, i64 0), align 4, !tbaa !5
  store float %40, float* %39, align 4, !tbaa !5
  br label %41

41:                                               ; preds = %37, %20
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

!0 = !{void (float*, float*, i32)* @reduce_shared, !"kernel", i32 1}
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
