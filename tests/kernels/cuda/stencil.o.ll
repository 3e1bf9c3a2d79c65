; ModuleID = 'stencil.cu'
source_filename = "stencil.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @stencil(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %7 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %9 = mul i32 %5, %7
  %10 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %12 = add i32 %9, %10
  %13 = mul nuw nsw i32 %6, %8
  %14 = add nuw nsw i32 %13, %11
  %15 = icmp slt i32 %12, %2
  %16 = icmp slt i32 %14, %3
  %17 = select i1 %15, i1 %16, i1 false
  br i1 %17, label %18, label %56

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
  %30 = sext i32 %20 to i64
  %31 = getelementptr float, ptr %0, i64 %30
  br i1 %29, label %32, label %34

32:                                               ; preds = %18
  %33 = load float, ptr %31, align 4, !tbaa !5
  br label %53

34:                                               ; preds = %18
  %35 = getelementptr i8, ptr %31, i64 -4
  %36 = load float, ptr %35, align 4, !tbaa !5
  %37 = getelementptr i8, ptr %31, i64 4
  %38 = load float, ptr %37, align 4, !tbaa !5
  %39 = fadd contract float %36, %38
  %40 = sub nsw i32 %20, %2
  %41 = sext i32 %40 to i64
  %42 = getelementptr inbounds float, ptr %0, i64 %41
  %43 = load float, ptr %42, align 4, !tbaa !5
  %44 = fadd contract float %39, %43
  %45 = add nsw i32 %20, %2
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds float, ptr %0, i64 %46
  %48 = load float, ptr %47, align 4, !tbaa !5
  %49 = fadd contract float %44, %48
  %50 = fmul contract float %49, 2.500000e-01
  %51 = tail call contract noundef float @__nv_expf(float noundef %50) #3
  %52 = tail call contract noundef float @__nv_logf(float noundef %51) #3
  br label %53

53:                                               ; preds = %34, %32
  %54 = phi float [ %33, %32 ], [ %52, %34 ]
  %55 = getelementptr inbounds float, ptr %1, i64 %30
  store float %54, ptr %55, align 4, !tbaa !5
  br label %56

56:                                               ; preds = %53, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_logf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" }
attributes #3 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @stencil, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
