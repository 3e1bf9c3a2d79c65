; ModuleID = 'cf_switch.cl'
source_filename = "cf_switch.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @cf_switch(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %5 = getelementptr inbounds i32, i32 addrspace(1)* %0, i64 %4
  %6 = load i32, i32 addrspace(1)* %5, align 4, !tbaa !8
  %7 = and i32 %6, 7
  %8 = xor i32 %7, %2
  switch i32 %8, label %11 [
    i32 0, label %9
    i32 1, label %16
    i32 2, label %10
    i32 3, label %10
    i32 6, label %13
    i32 7, label %14
  ]

9:                                                ; preds = %3
  br label %16

10:                                               ; preds = %3, %3
  br label %11

11:                                               ; preds = %3, %10
  %12 = phi i32 [ 1000, %3 ], [ 1100, %10 ]
  br label %16

13:                                               ; preds = %3
  br label %14

14:                                               ; preds = %3, %13
  %15 = phi i32 [ 0, %3 ], [ -15, %13 ]
  br label %16

16:                                               ; preds = %9, %3, %14, %11
  %17 = phi i32 [ %12, %11 ], [ %15, %14 ], [ 10, %3 ], [ 11, %9 ]
  %18 = and i32 %6, 3
  %19 = xor i32 %18, %2
  switch i32 %19, label %21 [
    i32 0, label %23
    i32 1, label %20
  ]

20:                                               ; preds = %16
  br label %21

21:                                               ; preds = %16, %20
  %22 = phi i32 [ 2, %20 ], [ 0, %16 ]
  br label %23

23:                                               ; preds = %21, %16
  %24 = phi i32 [ %22, %21 ], [ 1, %16 ]
  %25 = lshr i32 %6, 1
  %26 = and i32 %25, 3
  %27 = xor i32 %26, %2
  switch i32 %27, label %38 [
    i32 0, label %32
    i32 1, label %30
    i32 2, label %28
    i32 3, label %34
  ]

28:                                               ; preds = %23
  %29 = shl nuw nsw i32 %24, 1
  br label %34

30:                                               ; preds = %23
  %31 = add nuw nsw i32 %24, 2
  br label %38

32:                                               ; preds = %23
  %33 = add nuw nsw i32 %24, 1
  br label %38

34:                                               ; preds = %23, %28
  %35 = phi i32 [ %24, %23 ], [ %29, %28 ]
  %36 = xor i32 %35, 1
  %37 = icmp sgt i32 %36, 40
  br i1 %37, label %171, label %38

38:                                               ; preds = %30, %23, %34, %32
  %39 = phi i32 [ %36, %34 ], [ %33, %32 ], [ %31, %30 ], [ %24, %23 ]
  %40 = lshr i32 %6, 2
  %41 = and i32 %40, 3
  %42 = xor i32 %41, %2
  switch i32 %42, label %55 [
    i32 0, label %50
    i32 1, label %48
    i32 2, label %43
    i32 3, label %45
  ]

43:                                               ; preds = %38
  %44 = shl nsw i32 %39, 1
  br label %45

45:                                               ; preds = %43, %38
  %46 = phi i32 [ %39, %38 ], [ %44, %43 ]
  %47 = xor i32 %46, 2
  br label %52

48:                                               ; preds = %38
  %49 = add nsw i32 %39, 2
  br label %52

50:                                               ; preds = %38
  %51 = add nsw i32 %39, 1
  br label %55

52:                                               ; preds = %48, %45
  %53 = phi i32 [ %47, %45 ], [ %49, %48 ]
  %54 = icmp sgt i32 %53, 40
  br i1 %54, label %171, label %55

55:                                               ; preds = %38, %52, %50
  %56 = phi i32 [ %53, %52 ], [ %51, %50 ], [ %39, %38 ]
  %57 = lshr i32 %6, 3
  %58 = and i32 %57, 3
  %59 = xor i32 %58, %2
  switch i32 %59, label %69 [
    i32 0, label %67
    i32 1, label %65
    i32 2, label %60
    i32 3, label %62
  ]

60:                                               ; preds = %55
  %61 = shl nsw i32 %56, 1
  br label %62

62:                                               ; preds = %60, %55
  %63 = phi i32 [ %56, %55 ], [ %61, %60 ]
  %64 = xor i32 %63, 3
  br label %69

65:                                               ; preds = %55
  %66 = add nsw i32 %56, 2
  br label %69

67:                                               ; preds = %55
  %68 = add nsw i32 %56, 1
  br label %72

69:                                               ; preds = %65, %62, %55
  %70 = phi i32 [ %56, %55 ], [ %64, %62 ], [ %66, %65 ]
  %71 = icmp sgt i32 %70, 40
  br i1 %71, label %171, label %72

72:                                               ; preds = %69, %67
  %73 = phi i32 [ %70, %69 ], [ %68, %67 ]
  %74 = lshr i32 %6, 4
  %75 = and i32 %74, 3
  %76 = xor i32 %75, %2
  switch i32 %76, label %86 [
    i32 0, label %84
    i32 1, label %82
    i32 2, label %77
    i32 3, label %79
  ]

77:                                               ; preds = %72
  %78 = shl nsw i32 %73, 1
  br label %79

79:                                               ; preds = %77, %72
  %80 = phi i32 [ %73, %72 ], [ %78, %77 ]
  %81 = xor i32 %80, 4
  br label %86

82:                                               ; preds = %72
  %83 = add nsw i32 %73, 2
  br label %86

84:                                               ; preds = %72
  %85 = add nsw i32 %73, 1
  br label %89

86:                                               ; preds = %82, %79, %72
  %87 = phi i32 [ %73, %72 ], [ %81, %79 ], [ %83, %82 ]
  %88 = icmp sgt i32 %87, 40
  br i1 %88, label %171, label %89

89:                                               ; preds = %86, %84
  %90 = phi i32 [ %87, %86 ], [ %85, %84 ]
  %91 = lshr i32 %6, 5
  %92 = and i32 %91, 3
  %93 = xor i32 %92, %2
  switch i32 %93, label %103 [
    i32 0, label %101
    i32 1, label %99
    i32 2, label %94
    i32 3, label %96
  ]

94:                                               ; preds = %89
  %95 = shl nsw i32 %90, 1
  br label %96

96:                                               ; preds = %94, %89
  %97 = phi i32 [ %90, %89 ], [ %95, %94 ]
  %98 = xor i32 %97, 5
  br label %103

99:                                               ; preds = %89
  %100 = add nsw i32 %90, 2
  br label %103

101:                                              ; preds = %89
  %102 = add nsw i32 %90, 1
  br label %106

103:                                              ; preds = %99, %96, %89
  %104 = phi i32 [ %90, %89 ], [ %98, %96 ], [ %100, %99 ]
  %105 = icmp sgt i32 %104, 40
  br i1 %105, label %171, label %106

106:                                              ; preds = %103, %101
  %107 = phi i32 [ %104, %103 ], [ %102, %101 ]
  %108 = lshr i32 %6, 6
  %109 = and i32 %108, 3
  %110 = xor i32 %109, %2
  switch i32 %110, label %120 [
    i32 0, label %118
    i32 1, label %116
    i32 2, label %111
    i32 3, label %113
  ]

111:                                              ; preds = %106
  %112 = shl nsw i32 %107, 1
  br label %113

113:                                              ; preds = %111, %106
  %114 = phi i32 [ %107, %106 ], [ %112, %111 ]
  %115 = xor i32 %114, 6
  br label %120

116:                                              ; preds = %106
  %117 = add nsw i32 %107, 2
  br label %120

118:                                              ; preds = %106
  %119 = add nsw i32 %107, 1
  br label %123

120:                                              ; preds = %116, %113, %106
  %121 = phi i32 [ %107, %106 ], [ %115, %113 ], [ %117, %116 ]
  %122 = icmp sgt i32 %121, 40
  br i1 %122, label %171, label %123

123:                                              ; preds = %120, %118
  %124 = phi i32 [ %121, %120 ], [ %119, %118 ]
  %125 = lshr i32 %6, 7
  %126 = and i32 %125, 3
  %127 = xor i32 %126, %2
  switch i32 %127, label %137 [
    i32 0, label %135
    i32 1, label %133
    i32 2, label %128
    i32 3, label %130
  ]

128:                                              ; preds = %123
  %129 = shl nsw i32 %124, 1
  br label %130

130:                                              ; preds = %128, %123
  %131 = phi i32 [ %124, %123 ], [ %129, %128 ]
  %132 = xor i32 %131, 7
  br label %137

133:                                              ; preds = %123
  %134 = add nsw i32 %124, 2
  br label %137

135:                                              ; preds = %123
  %136 = add nsw i32 %124, 1
  br label %140

137:                                              ; preds = %133, %130, %123
  %138 = phi i32 [ %124, %123 ], [ %132, %130 ], [ %134, %133 ]
  %139 = icmp sgt i32 %138, 40
  br i1 %139, label %171, label %140

140:                                              ; preds = %137, %135
  %141 = phi i32 [ %138, %137 ], [ %136, %135 ]
  %142 = lshr i32 %6, 8
  %143 = and i32 %142, 3
  %144 = xor i32 %143, %2
  switch i32 %144, label %154 [
    i32 0, label %152
    i32 1, label %150
    i32 2, label %145
    i32 3, label %147
  ]

145:                                              ; preds = %140
  %146 = shl nsw i32 %141, 1
  br label %147

147:                                              ; preds = %145, %140
  %148 = phi i32 [ %141, %140 ], [ %146, %145 ]
  %149 = xor i32 %148, 8
  br label %154

150:                                              ; preds = %140
  %151 = add nsw i32 %141, 2
  br label %154

152:                                              ; preds = %140
  %153 = add nsw i32 %141, 1
  br label %157

154:                                              ; preds = %150, %147, %140
  %155 = phi i32 [ %141, %140 ], [ %149, %147 ], [ %151, %150 ]
  %156 = icmp sgt i32 %155, 40
  br i1 %156, label %171, label %157

157:                                              ; preds = %154, %152
  %158 = phi i32 [ %155, %154 ], [ %153, %152 ]
  %159 = lshr i32 %6, 9
  %160 = and i32 %159, 3
  %161 = xor i32 %160, %2
  switch i32 %161, label %171 [
    i32 0, label %169
    i32 1, label %167
    i32 2, label %162
    i32 3, label %164
  ]

162:                                              ; preds = %157
  %163 = shl nsw i32 %158, 1
  br label %164

164:                                              ; preds = %162, %157
  %165 = phi i32 [ %158, %157 ], [ %163, %162 ]
  %166 = xor i32 %165, 9
  br label %171

167:                                              ; preds = %157
  %168 = add nsw i32 %158, 2
  br label %171

169:                                              ; preds = %157
  %170 = add nsw i32 %158, 1
  br label %171

171:                                              ; preds = %157, %164, %167, %169, %154, %137, %120, %103, %86, %69, %52, %34
  %172 = phi i32 [ %36, %34 ], [ %53, %52 ], [ %70, %69 ], [ %87, %86 ], [ %104, %103 ], [ %121, %120 ], [ %138, %137 ], [ %155, %154 ], [ %170, %169 ], [ %158, %157 ], [ %166, %164 ], [ %168, %167 ]
  %173 = shl i64 %4, 1
  %174 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %173
  store i32 %17, i32 addrspace(1)* %174, align 4, !tbaa !8
  %175 = or i64 %173, 1
  %176 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %175
  store i32 %172, i32 addrspace(1)* %176, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
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
!4 = !{i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
