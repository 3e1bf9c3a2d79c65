; ModuleID = 'stencil.cu'
source_filename = "stencil.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @stencil(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #3
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #3
  %9 = mul i32 %5, %7
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3
  %12 = add i32 %9, %10
  %13 = mul i32 %6, %8
  %14 = add i32 %13, %11
  %15 = icmp slt i32 %12, %2
  %16 = icmp slt i32 %14, %3
  %17 = select i1 %15, i1 %16, i1 false
  br i1 %17, label %18, label %62

18:                                               ; preds = %4
  %19 = mul nsw i32 %14, %2
  %20 = add nsw i32 %19, %12
  %21 = icmp eq i32 %12, 0
  %22 = icmp eq i32 %14, 0
  %23 = select i1 %21, i1 true, i1 %22
  %24 = add nsw i32 %2, -1
  %25 = icmp eq i32 %12, %24
  %26 = select i1 %23, i1 true, i1 %25
  %27 = add nsw i32 %3, -1
  %28 = icmp eq i32 %14, %27
  %29 = select i1 %26, i1 true, i1 %28
  br i1 %29, label %30, label %34

30:                                               ; preds = %18
  %31 = sext i32 %20 to i64
  %32 = getelementptr inbounds float, float* %0, i64 %31
  %33 = load float, float* %32, align 4, !tbaa !5
  br label %58

34:                                               ; preds = %18
  %35 = add nsw i32 %20, -1
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds float, float* %0, i64 %36
  %38 = load float, float* %37, align 4, !tbaa !5
  %39 = add nsw i32 %20, 1
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds float, float* %0, i64 %40
  %42 = load float, float* %41, align 4, !tbaa !5
  %43 = fadd contract float %38, %42
  %44 = sub nsw i32 %20, %2
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds float, float* %0, i64 %45
  %47 = load float, float* %46, align 4, !tbaa !5
  %48 = fadd contract float %43, %47
  %49 = add nsw i32 %20, %2
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds float, float* %0, i64 %50
  %52 = load float, float* %51, align 4, !tbaa !5
  %53 = fadd contract float %48, %52
  %54 = fmul contract float %53, 2.500000e-01
  %55 = tail call contract float @__nv_expf(float noundef %54) #4
  %56 = tail call contract float @__nv_logf(float noundef %55) #4
  %57 = sext i32 %20 to i64
  br label %58

58:                                               ; preds = %34, %30
  %59 = phi i64 [ %31, %30 ], [ %57, %34 ]
  %60 = phi float [ %33, %30 ], [ %56, %34 ]
  %61 = getelementptr inbounds float, float* %1, i64 %59
  store float %60, float* %61, align 4, !tbaa !5
  br label %62

62:                                               ; preds = %58, %4
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_logf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (float*, float*, i32, i32)* @stencil, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
