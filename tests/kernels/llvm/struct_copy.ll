; ModuleID = 'struct_copy.cl'
source_filename = "struct_copy.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%struct.Rec = type { [5 x i32], float, i8 }

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @struct_copy(%struct.Rec addrspace(1)* nocapture noundef readonly %0, %struct.Rec addrspace(1)* nocapture noundef writeonly %1, i32 addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = alloca [3 x %struct.Rec], align 4
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %6 = bitcast [3 x %struct.Rec]* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 84, i8* nonnull %6) #5
  %7 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %8 = urem i64 %5, %7
  %9 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %0, i64 %8
  %10 = bitcast [3 x %struct.Rec]* %4 to i8*
  %11 = bitcast %struct.Rec addrspace(1)* %9 to i8 addrspace(1)*
  call void @llvm.memcpy.p0i8.p1i8.i64(i8* noundef nonnull align 4 dereferenceable(28) %10, i8 addrspace(1)* noundef align 4 dereferenceable(28) %11, i64 28, i1 false), !tbaa.struct !8
  %12 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1
  %13 = add i64 %5, 1
  %14 = urem i64 %13, %7
  %15 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %0, i64 %14
  %16 = bitcast %struct.Rec* %12 to i8*
  %17 = bitcast %struct.Rec addrspace(1)* %15 to i8 addrspace(1)*
  call void @llvm.memcpy.p0i8.p1i8.i64(i8* noundef nonnull align 4 dereferenceable(28) %16, i8 addrspace(1)* noundef align 4 dereferenceable(28) %17, i64 28, i1 false), !tbaa.struct !8
  %18 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2
  %19 = add i64 %5, 2
  %20 = urem i64 %19, %7
  %21 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %0, i64 %20
  %22 = bitcast %struct.Rec* %18 to i8*
  %23 = bitcast %struct.Rec addrspace(1)* %21 to i8 addrspace(1)*
  call void @llvm.memcpy.p0i8.p1i8.i64(i8* noundef nonnull align 4 dereferenceable(28) %22, i8 addrspace(1)* noundef align 4 dereferenceable(28) %23, i64 28, i1 false), !tbaa.struct !8
  %24 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %0, i64 %5, i32 0, i64 0
  %25 = load i32, i32 addrspace(1)* %24, align 4, !tbaa !14
  %26 = and i32 %25, 1
  %27 = icmp eq i32 %26, 0
  %28 = select i1 %27, i32 1, i32 2
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 %29
  %31 = bitcast %struct.Rec* %30 to i8*
  %32 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 %29, i32 2
  %33 = load i8, i8* %32, align 4, !tbaa.struct !16
  %34 = getelementptr inbounds i8, i8* %31, i64 25
  %35 = add i8 %33, 1
  %36 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %1, i64 %5
  %37 = bitcast %struct.Rec addrspace(1)* %36 to i8 addrspace(1)*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noundef align 4 dereferenceable(24) %37, i8* noundef nonnull align 4 dereferenceable(24) %31, i64 24, i1 false)
  %38 = getelementptr inbounds %struct.Rec, %struct.Rec addrspace(1)* %1, i64 %5, i32 2
  store i8 %35, i8 addrspace(1)* %38, align 4, !tbaa.struct !16
  %39 = getelementptr inbounds i8, i8 addrspace(1)* %37, i64 25
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noundef align 1 dereferenceable(3) %39, i8* noundef nonnull align 1 dereferenceable(3) %34, i64 3, i1 false)
  %40 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 0, i32 0, i64 0
  %41 = load i32, i32* %40, align 4, !tbaa !14
  %42 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 0, i32 0, i64 1
  %43 = load i32, i32* %42, align 4, !tbaa !14
  %44 = add nsw i32 %43, %41
  %45 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 0, i32 0, i64 2
  %46 = load i32, i32* %45, align 4, !tbaa !14
  %47 = add nsw i32 %46, %44
  %48 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 0, i32 0, i64 3
  %49 = load i32, i32* %48, align 4, !tbaa !14
  %50 = add nsw i32 %49, %47
  %51 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 0, i32 0, i64 4
  %52 = load i32, i32* %51, align 4, !tbaa !14
  %53 = add nsw i32 %52, %50
  %54 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1, i32 0, i64 0
  %55 = load i32, i32* %54, align 4, !tbaa !14
  %56 = add nsw i32 %55, %53
  %57 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1, i32 0, i64 1
  %58 = load i32, i32* %57, align 4, !tbaa !14
  %59 = add nsw i32 %58, %56
  %60 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1, i32 0, i64 2
  %61 = load i32, i32* %60, align 4, !tbaa !14
  %62 = add nsw i32 %61, %59
  %63 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1, i32 0, i64 3
  %64 = load i32, i32* %63, align 4, !tbaa !14
  %65 = add nsw i32 %64, %62
  %66 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 1, i32 0, i64 4
  %67 = load i32, i32* %66, align 4, !tbaa !14
  %68 = add nsw i32 %67, %65
  %69 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2, i32 0, i64 0
  %70 = load i32, i32* %69, align 4, !tbaa !14
  %71 = add nsw i32 %70, %68
  %72 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2, i32 0, i64 1
  %73 = load i32, i32* %72, align 4, !tbaa !14
  %74 = add nsw i32 %73, %71
  %75 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2, i32 0, i64 2
  %76 = load i32, i32* %75, align 4, !tbaa !14
  %77 = add nsw i32 %76, %74
  %78 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2, i32 0, i64 3
  %79 = load i32, i32* %78, align 4, !tbaa !14
  %80 = add nsw i32 %79, %77
  %81 = getelementptr inbounds [3 x %struct.Rec], [3 x %struct.Rec]* %4, i64 0, i64 2, i32 0, i64 4
  %82 = load i32, i32* %81, align 4, !tbaa !14
  %83 = add nsw i32 %82, %80
  %84 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %5
  store i32 %83, i32 addrspace(1)* %84, align 4, !tbaa !14
  call void @llvm.lifetime.end.p0i8(i64 84, i8* nonnull %6) #5
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p1i8.i64(i8* noalias nocapture writeonly, i8 addrspace(1)* noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #3

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { argmemonly mustprogress nofree nounwind willreturn }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"Rec*", !"Rec*", !"int*"}
!7 = !{!"const", !"", !""}
!8 = !{i64 0, i64 20, !9, i64 20, i64 4, !12, i64 24, i64 1, !9}
!9 = !{!10, !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !10, i64 0}
!16 = !{i64 0, i64 1, !9}
