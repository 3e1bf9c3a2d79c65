; ModuleID = 'printf.cu'
source_filename = "printf.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%printf_args = type { i32, i32, i32, double, ptr }

@.str = private unnamed_addr constant [34 x i8] c"block %d of %u: tag=%d x=%.2f %s\0A\00", align 1
@.str1 = private unnamed_addr constant [3 x i8] c"ok\00", align 1

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @hello(i32 noundef %0, float noundef %1) local_unnamed_addr #0 {
  %3 = alloca %printf_args, align 8
  %4 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %6, label %15

6:                                                ; preds = %2
  %7 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %9 = fpext float %1 to double
  store i32 %7, ptr %3, align 8
  %10 = getelementptr inbounds i8, ptr %3, i64 4
  store i32 %8, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %3, i64 8
  store i32 %0, ptr %11, align 8
  %12 = getelementptr inbounds i8, ptr %3, i64 16
  store double %9, ptr %12, align 8
  %13 = getelementptr inbounds i8, ptr %3, i64 24
  store ptr @.str1, ptr %13, align 8
  %14 = call i32 @vprintf(ptr nonnull @.str, ptr nonnull %3) #2
  br label %15

15:                                               ; preds = %6, %2
  ret void
}

declare i32 @vprintf(ptr, ptr) local_unnamed_addr

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

attributes #0 = { mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+ptx70,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @hello, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
