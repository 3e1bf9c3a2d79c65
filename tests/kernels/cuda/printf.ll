; ModuleID = 'printf.cu'
source_filename = "printf.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%printf_args = type { i32, i32, i32, double, i8* }

@.str = private unnamed_addr constant [34 x i8] c"block %d of %u: tag=%d x=%.2f %s\0A\00", align 1
@.str1 = private unnamed_addr constant [3 x i8] c"ok\00", align 1

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @hello(i32 noundef %0, float noundef %1) local_unnamed_addr #0 {
  %3 = alloca %printf_args, align 8
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %6, label %17

6:                                                ; preds = %2
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2
  %9 = fpext float %1 to double
  %10 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 0
  store i32 %7, i32* %10, align 8
  %11 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 1
  store i32 %8, i32* %11, align 4
  %12 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 2
  store i32 %0, i32* %12, align 8
  %13 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 3
  store double %9, double* %13, align 8
  %14 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 4
  store i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str1, i64 0, i64 0), i8** %14, align 8
  %15 = bitcast %printf_args* %3 to i8*
  %16 = call i32 @vprintf(i8* getelementptr inbounds ([34 x i8], [34 x i8]* @.str, i64 0, i64 0), i8* nonnull %15) #2
  br label %17

17:                                               ; preds = %6, %2
  ret void
}

declare i32 @vprintf(i8*, i8*) local_unnamed_addr

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

attributes #0 = { mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx70,+sm_70" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32, float)* @hello, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
