; ModuleID = 'pointer_arith.cl'
source_filename = "pointer_arith.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @pointer_arith(i32 addrspace(1)* noundef %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = alloca [4 x i32], align 4
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %6 = trunc i64 %5 to i32
  %7 = sext i32 %6 to i64
  %8 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %7
  %9 = sext i32 %2 to i64
  %10 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %9
  %11 = icmp slt i32 %6, %2
  br i1 %11, label %12, label %21

12:                                               ; preds = %3, %12
  %13 = phi i32 addrspace(1)* [ %18, %12 ], [ %8, %3 ]
  %14 = phi i32 [ %19, %12 ], [ 0, %3 ]
  %15 = phi i32 [ %17, %12 ], [ 0, %3 ]
  %16 = load i32, i32 addrspace(1)* %13, align 4, !tbaa !8
  %17 = add nsw i32 %16, %15
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %13, i64 3
  %19 = add nuw nsw i32 %14, 1
  %20 = icmp ult i32 addrspace(1)* %18, %10
  br i1 %20, label %12, label %21

21:                                               ; preds = %12, %3
  %22 = phi i32 [ 0, %3 ], [ %17, %12 ]
  %23 = phi i32 [ 0, %3 ], [ %19, %12 ]
  %24 = phi i32 addrspace(1)* [ %8, %3 ], [ %18, %12 ]
  %25 = bitcast [4 x i32]* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* nonnull %25) #4
  %26 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i64 0, i64 1
  %27 = shl nsw i32 %6, 1
  store i32 %27, i32* %26, align 4, !tbaa !8
  %28 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i64 0, i64 3
  %29 = shl i32 %6, 2
  store i32 %29, i32* %28, align 4, !tbaa !8
  %30 = and i32 %6, 1
  %31 = icmp eq i32 %30, 0
  %32 = select i1 %31, i32* %28, i32* %26
  %33 = load i32, i32* %32, align 4, !tbaa !8
  %34 = add nsw i32 %33, 100
  store i32 %34, i32* %32, align 4, !tbaa !8
  %35 = sext i32 %29 to i64
  %36 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %35
  store i32 %22, i32 addrspace(1)* %36, align 4, !tbaa !8
  %37 = or i32 %29, 1
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %38
  store i32 %23, i32 addrspace(1)* %39, align 4, !tbaa !8
  %40 = ptrtoint i32 addrspace(1)* %24 to i64
  %41 = ptrtoint i32 addrspace(1)* %8 to i64
  %42 = sub i64 %40, %41
  %43 = lshr exact i64 %42, 2
  %44 = trunc i64 %43 to i32
  %45 = or i32 %29, 2
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %46
  store i32 %44, i32 addrspace(1)* %47, align 4, !tbaa !8
  %48 = load i32, i32* %26, align 4, !tbaa !8
  %49 = load i32, i32* %28, align 4, !tbaa !8
  %50 = ptrtoint i32* %32 to i64
  %51 = ptrtoint [4 x i32]* %4 to i64
  %52 = sub i64 %50, %51
  %53 = lshr exact i64 %52, 2
  %54 = trunc i64 %53 to i32
  %55 = add i32 %29, %54
  %56 = add i32 %55, %48
  %57 = add i32 %56, %49
  %58 = or i32 %29, 3
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %59
  store i32 %57, i32 addrspace(1)* %60, align 4, !tbaa !8
  call void @llvm.lifetime.end.p0i8(i64 16, i8* nonnull %25) #4
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind readnone willreturn }
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
!6 = !{!"int*", !"int*", !"int"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
