; ModuleID = 'scan_blelloch.cl'
source_filename = "scan_blelloch.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

@scan_blelloch.temp = internal unnamed_addr addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @scan_blelloch(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 addrspace(1)* nocapture noundef writeonly %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %5 = trunc i64 %4 to i32
  %6 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3
  %7 = trunc i64 %6 to i32
  %8 = shl i32 %7, 6
  %9 = shl i32 %5, 1
  %10 = add i32 %8, %9
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %11
  %13 = load i32, i32 addrspace(1)* %12, align 4, !tbaa !8
  %14 = zext i32 %9 to i64
  %15 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %14
  store i32 %13, i32 addrspace(3)* %15, align 4, !tbaa !8
  %16 = or i32 %10, 1
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %17
  %19 = load i32, i32 addrspace(1)* %18, align 4, !tbaa !8
  %20 = or i32 %9, 1
  %21 = zext i32 %20 to i64
  %22 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %21
  store i32 %19, i32 addrspace(3)* %22, align 4, !tbaa !8
  %23 = add i32 %9, 2
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %24 = icmp ult i32 %5, 32
  br i1 %24, label %25, label %34

25:                                               ; preds = %3
  %26 = or i32 %9, 1
  %27 = zext i32 %9 to i64
  %28 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %27
  %29 = load i32, i32 addrspace(3)* %28, align 4, !tbaa !8
  %30 = zext i32 %26 to i64
  %31 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %30
  %32 = load i32, i32 addrspace(3)* %31, align 4, !tbaa !8
  %33 = add i32 %32, %29
  store i32 %33, i32 addrspace(3)* %31, align 4, !tbaa !8
  br label %34

34:                                               ; preds = %25, %3
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %35 = icmp ult i32 %5, 16
  br i1 %35, label %36, label %48

36:                                               ; preds = %34
  %37 = shl i32 %20, 1
  %38 = add nsw i32 %37, -1
  %39 = shl i32 %23, 1
  %40 = add i32 %39, -1
  %41 = zext i32 %38 to i64
  %42 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %41
  %43 = load i32, i32 addrspace(3)* %42, align 4, !tbaa !8
  %44 = zext i32 %40 to i64
  %45 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %44
  %46 = load i32, i32 addrspace(3)* %45, align 4, !tbaa !8
  %47 = add i32 %46, %43
  store i32 %47, i32 addrspace(3)* %45, align 4, !tbaa !8
  br label %48

48:                                               ; preds = %36, %34
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %49 = icmp ult i32 %5, 8
  br i1 %49, label %50, label %62

50:                                               ; preds = %48
  %51 = shl i32 %20, 2
  %52 = add nsw i32 %51, -1
  %53 = shl i32 %23, 2
  %54 = add i32 %53, -1
  %55 = zext i32 %52 to i64
  %56 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %55
  %57 = load i32, i32 addrspace(3)* %56, align 4, !tbaa !8
  %58 = zext i32 %54 to i64
  %59 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %58
  %60 = load i32, i32 addrspace(3)* %59, align 4, !tbaa !8
  %61 = add i32 %60, %57
  store i32 %61, i32 addrspace(3)* %59, align 4, !tbaa !8
  br label %62

62:                                               ; preds = %50, %48
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %63 = icmp ult i32 %5, 4
  br i1 %63, label %64, label %76

64:                                               ; preds = %62
  %65 = shl i32 %20, 3
  %66 = add nsw i32 %65, -1
  %67 = shl i32 %23, 3
  %68 = add i32 %67, -1
  %69 = zext i32 %66 to i64
  %70 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %69
  %71 = load i32, i32 addrspace(3)* %70, align 4, !tbaa !8
  %72 = zext i32 %68 to i64
  %73 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %72
  %74 = load i32, i32 addrspace(3)* %73, align 4, !tbaa !8
  %75 = add i32 %74, %71
  store i32 %75, i32 addrspace(3)* %73, align 4, !tbaa !8
  br label %76

76:                                               ; preds = %64, %62
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %77 = icmp ult i32 %5, 2
  br i1 %77, label %78, label %90

78:                                               ; preds = %76
  %79 = shl i32 %20, 4
  %80 = add nsw i32 %79, -1
  %81 = shl i32 %23, 4
  %82 = add i32 %81, -1
  %83 = zext i32 %80 to i64
  %84 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %83
  %85 = load i32, i32 addrspace(3)* %84, align 4, !tbaa !8
  %86 = zext i32 %82 to i64
  %87 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %86
  %88 = load i32, i32 addrspace(3)* %87, align 4, !tbaa !8
  %89 = add i32 %88, %85
  store i32 %89, i32 addrspace(3)* %87, align 4, !tbaa !8
  br label %90

90:                                               ; preds = %78, %76
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %91 = icmp eq i32 %5, 0
  br i1 %91, label %92, label %106

92:                                               ; preds = %90
  %93 = shl i32 %20, 5
  %94 = add nsw i32 %93, -1
  %95 = shl i32 %23, 5
  %96 = add i32 %95, -1
  %97 = zext i32 %94 to i64
  %98 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %97
  %99 = load i32, i32 addrspace(3)* %98, align 4, !tbaa !8
  %100 = zext i32 %96 to i64
  %101 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %100
  %102 = load i32, i32 addrspace(3)* %101, align 4, !tbaa !8
  %103 = add i32 %102, %99
  store i32 %103, i32 addrspace(3)* %101, align 4, !tbaa !8
  %104 = load i32, i32 addrspace(3)* getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 63), align 4, !tbaa !8
  %105 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %6
  store i32 %104, i32 addrspace(1)* %105, align 4, !tbaa !8
  store i32 0, i32 addrspace(3)* getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 63), align 4, !tbaa !8
  br label %106

106:                                              ; preds = %90, %92
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %91, label %107, label %119

107:                                              ; preds = %106
  %108 = shl i32 %20, 5
  %109 = add nsw i32 %108, -1
  %110 = shl i32 %23, 5
  %111 = add i32 %110, -1
  %112 = zext i32 %109 to i64
  %113 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %112
  %114 = load i32, i32 addrspace(3)* %113, align 4, !tbaa !8
  %115 = zext i32 %111 to i64
  %116 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %115
  %117 = load i32, i32 addrspace(3)* %116, align 4, !tbaa !8
  store i32 %117, i32 addrspace(3)* %113, align 4, !tbaa !8
  %118 = add i32 %117, %114
  store i32 %118, i32 addrspace(3)* %116, align 4, !tbaa !8
  br label %119

119:                                              ; preds = %106, %107
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %77, label %120, label %132

120:                                              ; preds = %119
  %121 = shl i32 %20, 4
  %122 = add nsw i32 %121, -1
  %123 = shl i32 %23, 4
  %124 = add i32 %123, -1
  %125 = zext i32 %122 to i64
  %126 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %125
  %127 = load i32, i32 addrspace(3)* %126, align 4, !tbaa !8
  %128 = zext i32 %124 to i64
  %129 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %128
  %130 = load i32, i32 addrspace(3)* %129, align 4, !tbaa !8
  store i32 %130, i32 addrspace(3)* %126, align 4, !tbaa !8
  %131 = add i32 %130, %127
  store i32 %131, i32 addrspace(3)* %129, align 4, !tbaa !8
  br label %132

132:                                              ; preds = %120, %119
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %63, label %133, label %145

133:                                              ; preds = %132
  %134 = shl i32 %20, 3
  %135 = add nsw i32 %134, -1
  %136 = shl i32 %23, 3
  %137 = add i32 %136, -1
  %138 = zext i32 %135 to i64
  %139 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %138
  %140 = load i32, i32 addrspace(3)* %139, align 4, !tbaa !8
  %141 = zext i32 %137 to i64
  %142 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %141
  %143 = load i32, i32 addrspace(3)* %142, align 4, !tbaa !8
  store i32 %143, i32 addrspace(3)* %139, align 4, !tbaa !8
  %144 = add i32 %143, %140
  store i32 %144, i32 addrspace(3)* %142, align 4, !tbaa !8
  br label %145

145:                                              ; preds = %133, %132
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %49, label %146, label %158

146:                                              ; preds = %145
  %147 = shl i32 %20, 2
  %148 = add nsw i32 %147, -1
  %149 = shl i32 %23, 2
  %150 = add i32 %149, -1
  %151 = zext i32 %148 to i64
  %152 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %151
  %153 = load i32, i32 addrspace(3)* %152, align 4, !tbaa !8
  %154 = zext i32 %150 to i64
  %155 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %154
  %156 = load i32, i32 addrspace(3)* %155, align 4, !tbaa !8
  store i32 %156, i32 addrspace(3)* %152, align 4, !tbaa !8
  %157 = add i32 %156, %153
  store i32 %157, i32 addrspace(3)* %155, align 4, !tbaa !8
  br label %158

158:                                              ; preds = %146, %145
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %35, label %159, label %171

159:                                              ; preds = %158
  %160 = shl i32 %20, 1
  %161 = add nsw i32 %160, -1
  %162 = shl i32 %23, 1
  %163 = add i32 %162, -1
  %164 = zext i32 %161 to i64
  %165 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %164
  %166 = load i32, i32 addrspace(3)* %165, align 4, !tbaa !8
  %167 = zext i32 %163 to i64
  %168 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %167
  %169 = load i32, i32 addrspace(3)* %168, align 4, !tbaa !8
  store i32 %169, i32 addrspace(3)* %165, align 4, !tbaa !8
  %170 = add i32 %169, %166
  store i32 %170, i32 addrspace(3)* %168, align 4, !tbaa !8
  br label %171

171:                                              ; preds = %159, %158
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  br i1 %24, label %172, label %181

172:                                              ; preds = %171
  %173 = or i32 %9, 1
  %174 = zext i32 %9 to i64
  %175 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %174
  %176 = load i32, i32 addrspace(3)* %175, align 4, !tbaa !8
  %177 = zext i32 %173 to i64
  %178 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @scan_blelloch.temp, i64 0, i64 %177
  %179 = load i32, i32 addrspace(3)* %178, align 4, !tbaa !8
  store i32 %179, i32 addrspace(3)* %175, align 4, !tbaa !8
  %180 = add i32 %179, %176
  store i32 %180, i32 addrspace(3)* %178, align 4, !tbaa !8
  br label %181

181:                                              ; preds = %172, %171
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %182 = load i32, i32 addrspace(3)* %15, align 4, !tbaa !8
  %183 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %11
  store i32 %182, i32 addrspace(1)* %183, align 4, !tbaa !8
  %184 = load i32, i32 addrspace(3)* %22, align 4, !tbaa !8
  %185 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %17
  store i32 %184, i32 addrspace(1)* %185, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { convergent nounwind }

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
!6 = !{!"uint*", !"uint*", !"uint*"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
