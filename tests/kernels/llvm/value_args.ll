; ModuleID = 'value_args.cl'
source_filename = "value_args.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn writeonly
define dso_local spir_kernel void @value_args(i8 noundef signext %0, i8 noundef zeroext %1, i16 noundef signext %2, i16 noundef zeroext %3, i32 noundef %4, i32 noundef %5, i64 noundef %6, i64 noundef %7, float noundef %8, double noundef %9, <4 x float> noundef %10, <3 x i32> noundef %11, <2 x i32> noundef %12, <4 x i8> noundef %13, <2 x double> noundef %14, i64 addrspace(1)* nocapture noundef writeonly %15, double addrspace(1)* nocapture noundef writeonly %16) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %18 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %19 = trunc i64 %18 to i32
  %20 = mul nsw i32 %19, 14
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds i64, i64 addrspace(1)* %15, i64 %21
  %23 = sext i8 %0 to i32
  %24 = add nsw i32 %19, %23
  %25 = sext i32 %24 to i64
  store i64 %25, i64 addrspace(1)* %22, align 8, !tbaa !9
  %26 = zext i8 %1 to i32
  %27 = add nsw i32 %19, %26
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 1
  store i64 %28, i64 addrspace(1)* %29, align 8, !tbaa !9
  %30 = sext i16 %2 to i32
  %31 = add nsw i32 %19, %30
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 2
  store i64 %32, i64 addrspace(1)* %33, align 8, !tbaa !9
  %34 = zext i16 %3 to i32
  %35 = add nsw i32 %19, %34
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 3
  store i64 %36, i64 addrspace(1)* %37, align 8, !tbaa !9
  %38 = add nsw i32 %19, %4
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 4
  store i64 %39, i64 addrspace(1)* %40, align 8, !tbaa !9
  %41 = add i32 %19, %5
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 5
  store i64 %42, i64 addrspace(1)* %43, align 8, !tbaa !9
  %44 = sext i32 %19 to i64
  %45 = add nsw i64 %44, %6
  %46 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 6
  store i64 %45, i64 addrspace(1)* %46, align 8, !tbaa !9
  %47 = add i64 %44, %7
  %48 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 7
  store i64 %47, i64 addrspace(1)* %48, align 8, !tbaa !9
  %49 = extractelement <3 x i32> %11, i64 0
  %50 = add nsw i32 %49, %19
  %51 = sext i32 %50 to i64
  %52 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 8
  store i64 %51, i64 addrspace(1)* %52, align 8, !tbaa !9
  %53 = extractelement <3 x i32> %11, i64 1
  %54 = sext i32 %53 to i64
  %55 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 9
  store i64 %54, i64 addrspace(1)* %55, align 8, !tbaa !9
  %56 = extractelement <3 x i32> %11, i64 2
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 10
  store i64 %57, i64 addrspace(1)* %58, align 8, !tbaa !9
  %59 = extractelement <2 x i32> %12, i64 0
  %60 = mul nsw i32 %59, %19
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 11
  store i64 %61, i64 addrspace(1)* %62, align 8, !tbaa !9
  %63 = extractelement <2 x i32> %12, i64 1
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 12
  store i64 %64, i64 addrspace(1)* %65, align 8, !tbaa !9
  %66 = extractelement <4 x i8> %13, i64 0
  %67 = zext i8 %66 to i32
  %68 = extractelement <4 x i8> %13, i64 1
  %69 = zext i8 %68 to i32
  %70 = shl nuw nsw i32 %69, 8
  %71 = or i32 %70, %67
  %72 = extractelement <4 x i8> %13, i64 2
  %73 = zext i8 %72 to i32
  %74 = shl nuw nsw i32 %73, 16
  %75 = or i32 %71, %74
  %76 = zext i32 %75 to i64
  %77 = extractelement <4 x i8> %13, i64 3
  %78 = zext i8 %77 to i64
  %79 = shl nuw nsw i64 %78, 24
  %80 = or i64 %79, %76
  %81 = getelementptr inbounds i64, i64 addrspace(1)* %22, i64 13
  store i64 %80, i64 addrspace(1)* %81, align 8, !tbaa !9
  %82 = shl nsw i32 %19, 3
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds double, double addrspace(1)* %16, i64 %83
  %85 = sitofp i32 %19 to float
  %86 = fadd float %85, %8
  %87 = fpext float %86 to double
  store double %87, double addrspace(1)* %84, align 8, !tbaa !13
  %88 = sitofp i32 %19 to double
  %89 = fadd double %88, %9
  %90 = getelementptr inbounds double, double addrspace(1)* %84, i64 1
  store double %89, double addrspace(1)* %90, align 8, !tbaa !13
  %91 = extractelement <4 x float> %10, i64 0
  %92 = fpext float %91 to double
  %93 = getelementptr inbounds double, double addrspace(1)* %84, i64 2
  store double %92, double addrspace(1)* %93, align 8, !tbaa !13
  %94 = extractelement <4 x float> %10, i64 1
  %95 = fpext float %94 to double
  %96 = getelementptr inbounds double, double addrspace(1)* %84, i64 3
  store double %95, double addrspace(1)* %96, align 8, !tbaa !13
  %97 = extractelement <4 x float> %10, i64 2
  %98 = fpext float %97 to double
  %99 = getelementptr inbounds double, double addrspace(1)* %84, i64 4
  store double %98, double addrspace(1)* %99, align 8, !tbaa !13
  %100 = extractelement <4 x float> %10, i64 3
  %101 = fmul float %100, %85
  %102 = fpext float %101 to double
  %103 = getelementptr inbounds double, double addrspace(1)* %84, i64 5
  store double %102, double addrspace(1)* %103, align 8, !tbaa !13
  %104 = extractelement <2 x double> %14, i64 0
  %105 = getelementptr inbounds double, double addrspace(1)* %84, i64 6
  store double %104, double addrspace(1)* %105, align 8, !tbaa !13
  %106 = extractelement <2 x double> %14, i64 1
  %107 = fadd double %106, %88
  %108 = getelementptr inbounds double, double addrspace(1)* %84, i64 7
  store double %107, double addrspace(1)* %108, align 8, !tbaa !13
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn writeonly "frame-pointer"="all" "min-legal-vector-width"="128" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!6 = !{!"char", !"uchar", !"short", !"ushort", !"int", !"uint", !"long", !"ulong", !"float", !"double", !"float4", !"int3", !"int2", !"uchar4", !"double2", !"long*", !"double*"}
!7 = !{!"char", !"uchar", !"short", !"ushort", !"int", !"uint", !"long", !"ulong", !"float", !"double", !"float __attribute__((ext_vector_type(4)))", !"int __attribute__((ext_vector_type(3)))", !"int __attribute__((ext_vector_type(2)))", !"uchar __attribute__((ext_vector_type(4)))", !"double __attribute__((ext_vector_type(2)))", !"long*", !"double*"}
!8 = !{!"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !"", !""}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"double", !11, i64 0}
