; ModuleID = 'int_builtins.cl'
source_filename = "int_builtins.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @int_builtins(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef readonly %1, i32 addrspace(1)* nocapture noundef writeonly %2, i64 addrspace(1)* nocapture noundef readonly %3, i64 addrspace(1)* nocapture noundef writeonly %4, i8 addrspace(1)* nocapture noundef readonly %5, i8 addrspace(1)* nocapture noundef writeonly %6) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %8 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %9 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %8
  %10 = load i32, i32 addrspace(1)* %9, align 4, !tbaa !8
  %11 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %8
  %12 = load i32, i32 addrspace(1)* %11, align 4, !tbaa !8
  %13 = mul i64 %8, 14
  %14 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %13
  %15 = tail call spir_func i32 @_Z3minii(i32 noundef %10, i32 noundef %12) #2
  store i32 %15, i32 addrspace(1)* %14, align 4, !tbaa !8
  %16 = tail call spir_func i32 @_Z3maxii(i32 noundef %10, i32 noundef %12) #2
  %17 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 1
  store i32 %16, i32 addrspace(1)* %17, align 4, !tbaa !8
  %18 = tail call spir_func i32 @_Z3minjj(i32 noundef %10, i32 noundef %12) #2
  %19 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 2
  store i32 %18, i32 addrspace(1)* %19, align 4, !tbaa !8
  %20 = tail call spir_func i32 @_Z3absi(i32 noundef %10) #2
  %21 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 3
  store i32 %20, i32 addrspace(1)* %21, align 4, !tbaa !8
  %22 = tail call spir_func i32 @_Z3clzi(i32 noundef %10) #2
  %23 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 4
  store i32 %22, i32 addrspace(1)* %23, align 4, !tbaa !8
  %24 = tail call spir_func i32 @_Z8popcounti(i32 noundef %10) #2
  %25 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 5
  store i32 %24, i32 addrspace(1)* %25, align 4, !tbaa !8
  %26 = tail call spir_func i32 @_Z6mul_hiii(i32 noundef %10, i32 noundef %12) #2
  %27 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 6
  store i32 %26, i32 addrspace(1)* %27, align 4, !tbaa !8
  %28 = tail call spir_func i32 @_Z6mul_hijj(i32 noundef %10, i32 noundef %12) #2
  %29 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 7
  store i32 %28, i32 addrspace(1)* %29, align 4, !tbaa !8
  %30 = tail call spir_func i32 @_Z6rotateii(i32 noundef %10, i32 noundef %12) #2
  %31 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 8
  store i32 %30, i32 addrspace(1)* %31, align 4, !tbaa !8
  %32 = tail call spir_func i32 @_Z7add_satii(i32 noundef %10, i32 noundef %12) #2
  %33 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 9
  store i32 %32, i32 addrspace(1)* %33, align 4, !tbaa !8
  %34 = tail call spir_func i32 @_Z7sub_satii(i32 noundef %10, i32 noundef %12) #2
  %35 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 10
  store i32 %34, i32 addrspace(1)* %35, align 4, !tbaa !8
  %36 = tail call spir_func i32 @_Z4haddii(i32 noundef %10, i32 noundef %12) #2
  %37 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 11
  store i32 %36, i32 addrspace(1)* %37, align 4, !tbaa !8
  %38 = tail call spir_func i32 @_Z5rhaddii(i32 noundef %10, i32 noundef %12) #2
  %39 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 12
  store i32 %38, i32 addrspace(1)* %39, align 4, !tbaa !8
  %40 = tail call spir_func i32 @_Z8abs_diffii(i32 noundef %10, i32 noundef %12) #2
  %41 = getelementptr inbounds i32, i32 addrspace(1)* %14, i64 13
  store i32 %40, i32 addrspace(1)* %41, align 4, !tbaa !8
  %42 = shl i64 %8, 1
  %43 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 %42
  %44 = load i64, i64 addrspace(1)* %43, align 8, !tbaa !12
  %45 = or i64 %42, 1
  %46 = getelementptr inbounds i64, i64 addrspace(1)* %3, i64 %45
  %47 = load i64, i64 addrspace(1)* %46, align 8, !tbaa !12
  %48 = mul i64 %8, 5
  %49 = getelementptr inbounds i64, i64 addrspace(1)* %4, i64 %48
  %50 = tail call spir_func i64 @_Z3maxll(i64 noundef %44, i64 noundef %47) #2
  store i64 %50, i64 addrspace(1)* %49, align 8, !tbaa !12
  %51 = tail call spir_func i64 @_Z3absl(i64 noundef %44) #2
  %52 = getelementptr inbounds i64, i64 addrspace(1)* %49, i64 1
  store i64 %51, i64 addrspace(1)* %52, align 8, !tbaa !12
  %53 = tail call spir_func i64 @_Z3clzl(i64 noundef %44) #2
  %54 = getelementptr inbounds i64, i64 addrspace(1)* %49, i64 2
  store i64 %53, i64 addrspace(1)* %54, align 8, !tbaa !12
  %55 = tail call spir_func i64 @_Z8popcountl(i64 noundef %44) #2
  %56 = getelementptr inbounds i64, i64 addrspace(1)* %49, i64 3
  store i64 %55, i64 addrspace(1)* %56, align 8, !tbaa !12
  %57 = tail call spir_func i64 @_Z8upsamplejj(i32 noundef %10, i32 noundef %12) #2
  %58 = getelementptr inbounds i64, i64 addrspace(1)* %49, i64 4
  store i64 %57, i64 addrspace(1)* %58, align 8, !tbaa !12
  %59 = getelementptr inbounds i8, i8 addrspace(1)* %5, i64 %42
  %60 = load i8, i8 addrspace(1)* %59, align 1, !tbaa !14
  %61 = getelementptr inbounds i8, i8 addrspace(1)* %5, i64 %45
  %62 = load i8, i8 addrspace(1)* %61, align 1, !tbaa !14
  %63 = getelementptr inbounds i8, i8 addrspace(1)* %6, i64 %48
  %64 = tail call spir_func signext i8 @_Z3mincc(i8 noundef signext %60, i8 noundef signext %62) #2
  store i8 %64, i8 addrspace(1)* %63, align 1, !tbaa !14
  %65 = tail call spir_func zeroext i8 @_Z3absc(i8 noundef signext %60) #2
  %66 = getelementptr inbounds i8, i8 addrspace(1)* %63, i64 1
  store i8 %65, i8 addrspace(1)* %66, align 1, !tbaa !14
  %67 = tail call spir_func signext i8 @_Z3clzc(i8 noundef signext %60) #2
  %68 = getelementptr inbounds i8, i8 addrspace(1)* %63, i64 2
  store i8 %67, i8 addrspace(1)* %68, align 1, !tbaa !14
  %69 = tail call spir_func signext i8 @_Z8popcountc(i8 noundef signext %60) #2
  %70 = getelementptr inbounds i8, i8 addrspace(1)* %63, i64 3
  store i8 %69, i8 addrspace(1)* %70, align 1, !tbaa !14
  %71 = tail call spir_func signext i8 @_Z7add_satcc(i8 noundef signext %60, i8 noundef signext %62) #2
  %72 = getelementptr inbounds i8, i8 addrspace(1)* %63, i64 4
  store i8 %71, i8 addrspace(1)* %72, align 1, !tbaa !14
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3minii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3maxii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3minjj(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3absi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z3clzi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z8popcounti(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z6mul_hiii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z6mul_hijj(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z6rotateii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z7add_satii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z7sub_satii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z4haddii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z5rhaddii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z8abs_diffii(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z3maxll(i64 noundef, i64 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z3absl(i64 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z3clzl(i64 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z8popcountl(i64 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z8upsamplejj(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func signext i8 @_Z3mincc(i8 noundef signext, i8 noundef signext) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func zeroext i8 @_Z3absc(i8 noundef signext) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func signext i8 @_Z3clzc(i8 noundef signext) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func signext i8 @_Z8popcountc(i8 noundef signext) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func signext i8 @_Z7add_satcc(i8 noundef signext, i8 noundef signext) local_unnamed_addr #1

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"uint*", !"long*", !"ulong*", !"char*", !"uchar*"}
!7 = !{!"const", !"const", !"", !"const", !"", !"const", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
!14 = !{!10, !10, i64 0}
