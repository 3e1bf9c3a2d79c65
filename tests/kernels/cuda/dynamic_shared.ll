; ModuleID = 'dynamic_shared.cu'
source_filename = "dynamic_shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ14reverse_blocksE5count = internal addrspace(3) global i32 undef, align 4
@buf = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_blocks(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp eq i32 %4, 0
  br i1 %9, label %10, label %11

10:                                               ; preds = %3
  store i32 0, i32* addrspacecast (i32 addrspace(3)* @_ZZ14reverse_blocksE5count to i32*), align 4, !tbaa !5
  br label %11

11:                                               ; preds = %10, %3
  tail call void @llvm.nvvm.barrier0()
  %12 = icmp slt i32 %8, %2
  br i1 %12, label %13, label %21

13:                                               ; preds = %11
  %14 = sext i32 %4 to i64
  %15 = getelementptr inbounds [0 x float], [0 x float] addrspace(3)* @buf, i64 0, i64 %14
  %16 = addrspacecast float addrspace(3)* %15 to float*
  %17 = sext i32 %8 to i64
  %18 = getelementptr inbounds float, float* %0, i64 %17
  %19 = load float, float* %18, align 4, !tbaa !9
  store float %19, float* %16, align 4, !tbaa !9
  %20 = atomicrmw add i32* addrspacecast (i32 addrspace(3)* @_ZZ14reverse_blocksE5count to i32*), i32 1 monotonic, align 4
  br label %21

21:                                               ; preds = %13, %11
  tail call void @llvm.nvvm.barrier0()
  %22 = xor i32 %4, -1
  %23 = add i32 %6, %22
  %24 = add i32 %7, %23
  %25 = icmp sge i32 %24, %2
  %26 = xor i1 %12, true
  %27 = select i1 %25, i1 true, i1 %26
  br i1 %27, label %39, label %28

28:                                               ; preds = %21
  %29 = sext i32 %23 to i64
  %30 = getelementptr inbounds [0 x float], [0 x float] addrspace(3)* @buf, i64 0, i64 %29
  %31 = addrspacecast float addrspace(3)* %30 to float*
  %32 = load float, float* %31, align 4, !tbaa !9
  %33 = load i32, i32* addrspacecast (i32 addrspace(3)* @_ZZ14reverse_blocksE5count to i32*), align 4, !tbaa !5
  %34 = sitofp i32 %33 to float
  %35 = fmul contract float %34, 0.000000e+00
  %36 = fadd contract float %32, %35
  %37 = sext i32 %8 to i64
  %38 = getelementptr inbounds float, float* %1, i64 %37
  store float %36, float* %38, align 4, !tbaa !9
  br label %39

39:                                               ; preds = %21, %28
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

!0 = !{void (float*, float*, i32)* @reverse_blocks, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
