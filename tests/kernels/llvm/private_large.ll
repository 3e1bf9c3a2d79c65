; ModuleID = 'private_large.cl'
source_filename = "private_large.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent minsize nofree norecurse nounwind optsize writeonly
define dso_local spir_kernel void @private_large(i32 addrspace(1)* nocapture noundef writeonly %0, float addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = alloca [512 x i8], align 1
  %5 = alloca [16 x float], align 4
  %6 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = mul nsw i32 %7, 7
  %9 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 512, i8* nonnull %9) #4
  br label %10

10:                                               ; preds = %16, %3
  %11 = phi i32 [ 0, %3 ], [ %19, %16 ]
  %12 = icmp ult i32 %11, 512
  br i1 %12, label %16, label %13

13:                                               ; preds = %10
  %14 = add nsw i32 %8, %2
  store i8 0, i8* %9, align 1, !tbaa !8
  %15 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 1
  store i8 0, i8* %15, align 1, !tbaa !8
  br label %20

16:                                               ; preds = %10
  %17 = zext i32 %11 to i64
  %18 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 %17
  store i8 1, i8* %18, align 1, !tbaa !8
  %19 = add nuw nsw i32 %11, 1
  br label %10

20:                                               ; preds = %39, %13
  %21 = phi i32 [ 2, %13 ], [ %40, %39 ]
  %22 = icmp ult i32 %21, 23
  br i1 %22, label %25, label %23

23:                                               ; preds = %20
  %24 = bitcast [16 x float]* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 64, i8* nonnull %24) #4
  br label %41

25:                                               ; preds = %20
  %26 = zext i32 %21 to i64
  %27 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 %26
  %28 = load i8, i8* %27, align 1, !tbaa !8
  %29 = icmp eq i8 %28, 0
  %30 = mul nuw nsw i32 %21, %21
  %31 = select i1 %29, i32 %14, i32 %30
  br label %32

32:                                               ; preds = %35, %25
  %33 = phi i32 [ %31, %25 ], [ %38, %35 ]
  %34 = icmp slt i32 %33, %14
  br i1 %34, label %35, label %39

35:                                               ; preds = %32
  %36 = sext i32 %33 to i64
  %37 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 %36
  store i8 0, i8* %37, align 1, !tbaa !8
  %38 = add nsw i32 %33, %21
  br label %32

39:                                               ; preds = %32
  %40 = add nuw nsw i32 %21, 1
  br label %20

41:                                               ; preds = %44, %23
  %42 = phi i32 [ 0, %23 ], [ %47, %44 ]
  %43 = icmp ult i32 %42, 16
  br i1 %43, label %44, label %48

44:                                               ; preds = %41
  %45 = zext i32 %42 to i64
  %46 = getelementptr inbounds [16 x float], [16 x float]* %5, i64 0, i64 %45
  store float 0.000000e+00, float* %46, align 4, !tbaa !11
  %47 = add nuw nsw i32 %42, 1
  br label %41

48:                                               ; preds = %41, %61
  %49 = phi i32 [ %66, %61 ], [ 0, %41 ]
  %50 = phi i32 [ %68, %61 ], [ 0, %41 ]
  %51 = phi i32 [ %75, %61 ], [ 0, %41 ]
  %52 = icmp slt i32 %51, %14
  br i1 %52, label %61, label %53

53:                                               ; preds = %48
  %54 = shl nsw i32 %7, 1
  %55 = sext i32 %54 to i64
  %56 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %55
  store i32 %49, i32 addrspace(1)* %56, align 4, !tbaa !13
  %57 = or i32 %54, 1
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %58
  store i32 %50, i32 addrspace(1)* %59, align 4, !tbaa !13
  %60 = shl nsw i32 %7, 4
  br label %76

61:                                               ; preds = %48
  %62 = zext i32 %51 to i64
  %63 = getelementptr inbounds [512 x i8], [512 x i8]* %4, i64 0, i64 %62
  %64 = load i8, i8* %63, align 1, !tbaa !8
  %65 = zext i8 %64 to i32
  %66 = add nuw nsw i32 %49, %65
  %67 = icmp eq i8 %64, 0
  %68 = select i1 %67, i32 %50, i32 %51
  %69 = select i1 %67, float 0.000000e+00, float 5.000000e-01
  %70 = and i32 %51, 15
  %71 = zext i32 %70 to i64
  %72 = getelementptr inbounds [16 x float], [16 x float]* %5, i64 0, i64 %71
  %73 = load float, float* %72, align 4, !tbaa !11
  %74 = fadd float %73, %69
  store float %74, float* %72, align 4, !tbaa !11
  %75 = add nuw nsw i32 %51, 1
  br label %48

76:                                               ; preds = %80, %53
  %77 = phi i32 [ 0, %53 ], [ %87, %80 ]
  %78 = icmp ult i32 %77, 16
  br i1 %78, label %80, label %79

79:                                               ; preds = %76
  call void @llvm.lifetime.end.p0i8(i64 64, i8* nonnull %24) #4
  call void @llvm.lifetime.end.p0i8(i64 512, i8* nonnull %9) #4
  ret void

80:                                               ; preds = %76
  %81 = zext i32 %77 to i64
  %82 = getelementptr inbounds [16 x float], [16 x float]* %5, i64 0, i64 %81
  %83 = load float, float* %82, align 4, !tbaa !11
  %84 = add nuw nsw i32 %77, %60
  %85 = sext i32 %84 to i64
  %86 = getelementptr inbounds float, float addrspace(1)* %1, i64 %85
  store float %83, float addrspace(1)* %86, align 4, !tbaa !11
  %87 = add nuw nsw i32 %77, 1
  br label %76
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

attributes #0 = { convergent minsize nofree norecurse nounwind optsize writeonly "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nounwind optsize readnone willreturn }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"int*", !"float*", !"int"}
!7 = !{!"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !9, i64 0}
