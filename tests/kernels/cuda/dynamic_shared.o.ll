; ModuleID = 'dynamic_shared.cu'
source_filename = "dynamic_shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ14reverse_blocksE5count = internal addrspace(3) global i32 undef, align 4
@buf = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_blocks(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp eq i32 %4, 0
  br i1 %9, label %10, label %11

10:                                               ; preds = %3
  store i32 0, ptr addrspacecast (ptr addrspace(3) @_ZZ14reverse_blocksE5count to ptr), align 4, !tbaa !5
  br label %11

11:                                               ; preds = %10, %3
  tail call void @llvm.nvvm.barrier0()
  %12 = icmp sge i32 %8, %2
  br i1 %12, label %20, label %13

13:                                               ; preds = %11
  %14 = zext nneg i32 %4 to i64
  %15 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 0, i64 %14
  %16 = sext i32 %8 to i64
  %17 = getelementptr inbounds float, ptr %0, i64 %16
  %18 = load float, ptr %17, align 4, !tbaa !9
  store float %18, ptr %15, align 4, !tbaa !9
  %19 = atomicrmw add ptr addrspacecast (ptr addrspace(3) @_ZZ14reverse_blocksE5count to ptr), i32 1 monotonic, align 4
  br label %20

20:                                               ; preds = %13, %11
  tail call void @llvm.nvvm.barrier0()
  %21 = xor i32 %4, -1
  %22 = add nsw i32 %6, %21
  %23 = add i32 %7, %22
  %24 = icmp sge i32 %23, %2
  %25 = or i1 %24, %12
  br i1 %25, label %36, label %26

26:                                               ; preds = %20
  %27 = sext i32 %22 to i64
  %28 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 0, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !9
  %30 = load i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14reverse_blocksE5count to ptr), align 4, !tbaa !5
  %31 = sitofp i32 %30 to float
  %32 = tail call contract float @llvm.copysign.f32(float 0.000000e+00, float %31)
  %33 = fadd contract float %29, %32
  %34 = sext i32 %8 to i64
  %35 = getelementptr inbounds float, ptr %1, i64 %34
  store float %33, ptr %35, align 4, !tbaa !9
  br label %36

36:                                               ; preds = %20, %26
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.copysign.f32(float, float) #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @reverse_blocks, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
