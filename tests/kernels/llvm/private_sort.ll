; ModuleID = 'private_sort.cl'
source_filename = "private_sort.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

; Function Attrs: convergent nofree norecurse nounwind
define dso_local spir_kernel void @private_sort(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 addrspace(1)* nocapture noundef writeonly %2, i32 addrspace(1)* nocapture noundef writeonly %3) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %5 = alloca [8 x i32], align 4
  %6 = bitcast [8 x i32]* %5 to i8*
  %7 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  call void @llvm.lifetime.start.p0i8(i64 32, i8* nonnull %6) #5
  %8 = shl i64 %7, 3
  %9 = getelementptr i32, i32 addrspace(1)* %0, i64 %8
  %10 = bitcast i32 addrspace(1)* %9 to i8 addrspace(1)*
  call void @llvm.memcpy.p0i8.p1i8.i64(i8* noundef nonnull align 4 dereferenceable(32) %6, i8 addrspace(1)* noundef align 4 dereferenceable(32) %10, i64 32, i1 false), !tbaa !8
  %11 = load i32, i32 addrspace(1)* %9, align 4, !tbaa !8
  %12 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 1
  %13 = load i32, i32 addrspace(1)* %12, align 4, !tbaa !8
  %14 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 2
  %15 = load i32, i32 addrspace(1)* %14, align 4, !tbaa !8
  %16 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 3
  %17 = load i32, i32 addrspace(1)* %16, align 4, !tbaa !8
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 4
  %19 = load i32, i32 addrspace(1)* %18, align 4, !tbaa !8
  %20 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 5
  %21 = load i32, i32 addrspace(1)* %20, align 4, !tbaa !8
  %22 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 6
  %23 = load i32, i32 addrspace(1)* %22, align 4, !tbaa !8
  %24 = getelementptr inbounds i32, i32 addrspace(1)* %9, i64 7
  %25 = load i32, i32 addrspace(1)* %24, align 4, !tbaa !8
  %26 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 1
  %27 = load i32, i32* %26, align 4, !tbaa !8
  %28 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 0
  %29 = load i32, i32* %28, align 4, !tbaa !8
  %30 = icmp sgt i32 %29, %27
  br i1 %30, label %31, label %32

31:                                               ; preds = %4
  store i32 %29, i32* %26, align 4, !tbaa !8
  br label %32

32:                                               ; preds = %31, %4
  %33 = phi i32 [ 0, %31 ], [ 1, %4 ]
  %34 = zext i32 %33 to i64
  %35 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %34
  store i32 %27, i32* %35, align 4, !tbaa !8
  %36 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 2
  %37 = load i32, i32* %36, align 4, !tbaa !8
  %38 = load i32, i32* %26, align 4, !tbaa !8
  %39 = icmp sgt i32 %38, %37
  br i1 %39, label %40, label %44

40:                                               ; preds = %32
  store i32 %38, i32* %36, align 4, !tbaa !8
  %41 = load i32, i32* %28, align 4, !tbaa !8
  %42 = icmp sgt i32 %41, %37
  br i1 %42, label %43, label %44

43:                                               ; preds = %40
  store i32 %41, i32* %26, align 4, !tbaa !8
  br label %44

44:                                               ; preds = %43, %40, %32
  %45 = phi i32 [ 2, %32 ], [ 1, %40 ], [ 0, %43 ]
  %46 = zext i32 %45 to i64
  %47 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %46
  store i32 %37, i32* %47, align 4, !tbaa !8
  %48 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 3
  %49 = load i32, i32* %48, align 4, !tbaa !8
  %50 = load i32, i32* %36, align 4, !tbaa !8
  %51 = icmp sgt i32 %50, %49
  br i1 %51, label %52, label %59

52:                                               ; preds = %44
  store i32 %50, i32* %48, align 4, !tbaa !8
  %53 = load i32, i32* %26, align 4, !tbaa !8
  %54 = icmp sgt i32 %53, %49
  br i1 %54, label %55, label %59

55:                                               ; preds = %52
  store i32 %53, i32* %36, align 4, !tbaa !8
  %56 = load i32, i32* %28, align 4, !tbaa !8
  %57 = icmp sgt i32 %56, %49
  br i1 %57, label %58, label %59

58:                                               ; preds = %55
  store i32 %56, i32* %26, align 4, !tbaa !8
  br label %59

59:                                               ; preds = %58, %55, %52, %44
  %60 = phi i32 [ 3, %44 ], [ 2, %52 ], [ 1, %55 ], [ 0, %58 ]
  %61 = zext i32 %60 to i64
  %62 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %61
  store i32 %49, i32* %62, align 4, !tbaa !8
  %63 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 4
  %64 = load i32, i32* %63, align 4, !tbaa !8
  %65 = load i32, i32* %48, align 4, !tbaa !8
  %66 = icmp sgt i32 %65, %64
  br i1 %66, label %67, label %77

67:                                               ; preds = %59
  store i32 %65, i32* %63, align 4, !tbaa !8
  %68 = load i32, i32* %36, align 4, !tbaa !8
  %69 = icmp sgt i32 %68, %64
  br i1 %69, label %70, label %77

70:                                               ; preds = %67
  store i32 %68, i32* %48, align 4, !tbaa !8
  %71 = load i32, i32* %26, align 4, !tbaa !8
  %72 = icmp sgt i32 %71, %64
  br i1 %72, label %73, label %77

73:                                               ; preds = %70
  store i32 %71, i32* %36, align 4, !tbaa !8
  %74 = load i32, i32* %28, align 4, !tbaa !8
  %75 = icmp sgt i32 %74, %64
  br i1 %75, label %76, label %77

76:                                               ; preds = %73
  store i32 %74, i32* %26, align 4, !tbaa !8
  br label %77

77:                                               ; preds = %76, %73, %70, %67, %59
  %78 = phi i32 [ 4, %59 ], [ 3, %67 ], [ 2, %70 ], [ 1, %73 ], [ 0, %76 ]
  %79 = zext i32 %78 to i64
  %80 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %79
  store i32 %64, i32* %80, align 4, !tbaa !8
  %81 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 5
  %82 = load i32, i32* %81, align 4, !tbaa !8
  %83 = load i32, i32* %63, align 4, !tbaa !8
  %84 = icmp sgt i32 %83, %82
  br i1 %84, label %85, label %98

85:                                               ; preds = %77
  store i32 %83, i32* %81, align 4, !tbaa !8
  %86 = load i32, i32* %48, align 4, !tbaa !8
  %87 = icmp sgt i32 %86, %82
  br i1 %87, label %88, label %98

88:                                               ; preds = %85
  store i32 %86, i32* %63, align 4, !tbaa !8
  %89 = load i32, i32* %36, align 4, !tbaa !8
  %90 = icmp sgt i32 %89, %82
  br i1 %90, label %91, label %98

91:                                               ; preds = %88
  store i32 %89, i32* %48, align 4, !tbaa !8
  %92 = load i32, i32* %26, align 4, !tbaa !8
  %93 = icmp sgt i32 %92, %82
  br i1 %93, label %94, label %98

94:                                               ; preds = %91
  store i32 %92, i32* %36, align 4, !tbaa !8
  %95 = load i32, i32* %28, align 4, !tbaa !8
  %96 = icmp sgt i32 %95, %82
  br i1 %96, label %97, label %98

97:                                               ; preds = %94
  store i32 %95, i32* %26, align 4, !tbaa !8
  br label %98

98:                                               ; preds = %97, %94, %91, %88, %85, %77
  %99 = phi i32 [ 5, %77 ], [ 4, %85 ], [ 3, %88 ], [ 2, %91 ], [ 1, %94 ], [ 0, %97 ]
  %100 = zext i32 %99 to i64
  %101 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %100
  store i32 %82, i32* %101, align 4, !tbaa !8
  %102 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 6
  %103 = load i32, i32* %102, align 4, !tbaa !8
  %104 = load i32, i32* %81, align 4, !tbaa !8
  %105 = icmp sgt i32 %104, %103
  br i1 %105, label %106, label %122

106:                                              ; preds = %98
  store i32 %104, i32* %102, align 4, !tbaa !8
  %107 = load i32, i32* %63, align 4, !tbaa !8
  %108 = icmp sgt i32 %107, %103
  br i1 %108, label %109, label %122

109:                                              ; preds = %106
  store i32 %107, i32* %81, align 4, !tbaa !8
  %110 = load i32, i32* %48, align 4, !tbaa !8
  %111 = icmp sgt i32 %110, %103
  br i1 %111, label %112, label %122

112:                                              ; preds = %109
  store i32 %110, i32* %63, align 4, !tbaa !8
  %113 = load i32, i32* %36, align 4, !tbaa !8
  %114 = icmp sgt i32 %113, %103
  br i1 %114, label %115, label %122

115:                                              ; preds = %112
  store i32 %113, i32* %48, align 4, !tbaa !8
  %116 = load i32, i32* %26, align 4, !tbaa !8
  %117 = icmp sgt i32 %116, %103
  br i1 %117, label %118, label %122

118:                                              ; preds = %115
  store i32 %116, i32* %36, align 4, !tbaa !8
  %119 = load i32, i32* %28, align 4, !tbaa !8
  %120 = icmp sgt i32 %119, %103
  br i1 %120, label %121, label %122

121:                                              ; preds = %118
  store i32 %119, i32* %26, align 4, !tbaa !8
  br label %122

122:                                              ; preds = %121, %118, %115, %112, %109, %106, %98
  %123 = phi i32 [ 6, %98 ], [ 5, %106 ], [ 4, %109 ], [ 3, %112 ], [ 2, %115 ], [ 1, %118 ], [ 0, %121 ]
  %124 = zext i32 %123 to i64
  %125 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %124
  store i32 %103, i32* %125, align 4, !tbaa !8
  %126 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 7
  %127 = load i32, i32* %126, align 4, !tbaa !8
  %128 = load i32, i32* %102, align 4, !tbaa !8
  %129 = icmp sgt i32 %128, %127
  br i1 %129, label %130, label %149

130:                                              ; preds = %122
  store i32 %128, i32* %126, align 4, !tbaa !8
  %131 = load i32, i32* %81, align 4, !tbaa !8
  %132 = icmp sgt i32 %131, %127
  br i1 %132, label %133, label %149

133:                                              ; preds = %130
  store i32 %131, i32* %102, align 4, !tbaa !8
  %134 = load i32, i32* %63, align 4, !tbaa !8
  %135 = icmp sgt i32 %134, %127
  br i1 %135, label %136, label %149

136:                                              ; preds = %133
  store i32 %134, i32* %81, align 4, !tbaa !8
  %137 = load i32, i32* %48, align 4, !tbaa !8
  %138 = icmp sgt i32 %137, %127
  br i1 %138, label %139, label %149

139:                                              ; preds = %136
  store i32 %137, i32* %63, align 4, !tbaa !8
  %140 = load i32, i32* %36, align 4, !tbaa !8
  %141 = icmp sgt i32 %140, %127
  br i1 %141, label %142, label %149

142:                                              ; preds = %139
  store i32 %140, i32* %48, align 4, !tbaa !8
  %143 = load i32, i32* %26, align 4, !tbaa !8
  %144 = icmp sgt i32 %143, %127
  br i1 %144, label %145, label %149

145:                                              ; preds = %142
  store i32 %143, i32* %36, align 4, !tbaa !8
  %146 = load i32, i32* %28, align 4, !tbaa !8
  %147 = icmp sgt i32 %146, %127
  br i1 %147, label %148, label %149

148:                                              ; preds = %145
  store i32 %146, i32* %26, align 4, !tbaa !8
  br label %149

149:                                              ; preds = %148, %145, %142, %139, %136, %133, %130, %122
  %150 = phi i32 [ 7, %122 ], [ 6, %130 ], [ 5, %133 ], [ 4, %136 ], [ 3, %139 ], [ 2, %142 ], [ 1, %145 ], [ 0, %148 ]
  %151 = zext i32 %150 to i64
  %152 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %151
  store i32 %127, i32* %152, align 4, !tbaa !8
  %153 = icmp sgt i32 %11, %13
  %154 = select i1 %153, i32 %13, i32 %11
  %155 = select i1 %153, i32 %11, i32 %13
  %156 = icmp sgt i32 %15, %17
  %157 = select i1 %156, i32 %17, i32 %15
  %158 = select i1 %156, i32 %15, i32 %17
  %159 = icmp sgt i32 %19, %21
  %160 = select i1 %159, i32 %21, i32 %19
  %161 = select i1 %159, i32 %19, i32 %21
  %162 = icmp sgt i32 %23, %25
  %163 = select i1 %162, i32 %25, i32 %23
  %164 = select i1 %162, i32 %23, i32 %25
  %165 = icmp sgt i32 %155, %157
  %166 = select i1 %165, i32 %157, i32 %155
  %167 = select i1 %165, i32 %155, i32 %157
  %168 = icmp sgt i32 %158, %160
  %169 = select i1 %168, i32 %160, i32 %158
  %170 = select i1 %168, i32 %158, i32 %160
  %171 = icmp sgt i32 %161, %163
  %172 = select i1 %171, i32 %163, i32 %161
  %173 = select i1 %171, i32 %161, i32 %163
  %174 = icmp sgt i32 %154, %166
  %175 = select i1 %174, i32 %166, i32 %154
  %176 = select i1 %174, i32 %154, i32 %166
  %177 = icmp sgt i32 %167, %169
  %178 = select i1 %177, i32 %169, i32 %167
  %179 = select i1 %177, i32 %167, i32 %169
  %180 = icmp sgt i32 %170, %172
  %181 = select i1 %180, i32 %172, i32 %170
  %182 = select i1 %180, i32 %170, i32 %172
  %183 = icmp sgt i32 %173, %164
  %184 = select i1 %183, i32 %164, i32 %173
  %185 = select i1 %183, i32 %173, i32 %164
  %186 = icmp sgt i32 %176, %178
  %187 = select i1 %186, i32 %178, i32 %176
  %188 = select i1 %186, i32 %176, i32 %178
  %189 = icmp sgt i32 %179, %181
  %190 = select i1 %189, i32 %181, i32 %179
  %191 = select i1 %189, i32 %179, i32 %181
  %192 = icmp sgt i32 %182, %184
  %193 = select i1 %192, i32 %184, i32 %182
  %194 = select i1 %192, i32 %182, i32 %184
  %195 = icmp sgt i32 %175, %187
  %196 = select i1 %195, i32 %187, i32 %175
  %197 = select i1 %195, i32 %175, i32 %187
  %198 = icmp sgt i32 %188, %190
  %199 = select i1 %198, i32 %190, i32 %188
  %200 = select i1 %198, i32 %188, i32 %190
  %201 = icmp sgt i32 %191, %193
  %202 = select i1 %201, i32 %193, i32 %191
  %203 = select i1 %201, i32 %191, i32 %193
  %204 = icmp sgt i32 %194, %185
  %205 = select i1 %204, i32 %185, i32 %194
  %206 = select i1 %204, i32 %194, i32 %185
  %207 = icmp sgt i32 %197, %199
  %208 = select i1 %207, i32 %199, i32 %197
  %209 = select i1 %207, i32 %197, i32 %199
  %210 = icmp sgt i32 %200, %202
  %211 = select i1 %210, i32 %202, i32 %200
  %212 = select i1 %210, i32 %200, i32 %202
  %213 = icmp sgt i32 %203, %205
  %214 = select i1 %213, i32 %205, i32 %203
  %215 = select i1 %213, i32 %203, i32 %205
  %216 = icmp sgt i32 %196, %208
  %217 = select i1 %216, i32 %208, i32 %196
  %218 = select i1 %216, i32 %196, i32 %208
  %219 = icmp sgt i32 %209, %211
  %220 = select i1 %219, i32 %211, i32 %209
  %221 = select i1 %219, i32 %209, i32 %211
  %222 = icmp sgt i32 %212, %214
  %223 = select i1 %222, i32 %214, i32 %212
  %224 = select i1 %222, i32 %212, i32 %214
  %225 = icmp sgt i32 %215, %206
  %226 = select i1 %225, i32 %206, i32 %215
  %227 = select i1 %225, i32 %215, i32 %206
  %228 = icmp sgt i32 %218, %220
  %229 = select i1 %228, i32 %220, i32 %218
  %230 = select i1 %228, i32 %218, i32 %220
  %231 = icmp sgt i32 %221, %223
  %232 = select i1 %231, i32 %223, i32 %221
  %233 = select i1 %231, i32 %221, i32 %223
  %234 = icmp sgt i32 %224, %226
  %235 = select i1 %234, i32 %226, i32 %224
  %236 = select i1 %234, i32 %224, i32 %226
  %237 = and i32 %11, 7
  %238 = or i64 %8, 1
  %239 = and i32 %13, 7
  %240 = or i64 %8, 2
  %241 = and i32 %15, 7
  %242 = or i64 %8, 3
  %243 = and i32 %17, 7
  %244 = or i64 %8, 4
  %245 = and i32 %19, 7
  %246 = or i64 %8, 5
  %247 = and i32 %21, 7
  %248 = or i64 %8, 6
  %249 = and i32 %23, 7
  %250 = or i64 %8, 7
  %251 = and i32 %25, 7
  %252 = load i32, i32* %28, align 4, !tbaa !8
  %253 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %8
  store i32 %252, i32 addrspace(1)* %253, align 4, !tbaa !8
  %254 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %8
  store i32 %227, i32 addrspace(1)* %254, align 4, !tbaa !8
  %255 = zext i32 %237 to i64
  %256 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %255
  %257 = load i32, i32* %256, align 4, !tbaa !8
  %258 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %8
  store i32 %257, i32 addrspace(1)* %258, align 4, !tbaa !8
  %259 = load i32, i32* %26, align 4, !tbaa !8
  %260 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %238
  store i32 %259, i32 addrspace(1)* %260, align 4, !tbaa !8
  %261 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %238
  store i32 %236, i32 addrspace(1)* %261, align 4, !tbaa !8
  %262 = zext i32 %239 to i64
  %263 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %262
  %264 = load i32, i32* %263, align 4, !tbaa !8
  %265 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %238
  store i32 %264, i32 addrspace(1)* %265, align 4, !tbaa !8
  %266 = load i32, i32* %36, align 4, !tbaa !8
  %267 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %240
  store i32 %266, i32 addrspace(1)* %267, align 4, !tbaa !8
  %268 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %240
  store i32 %235, i32 addrspace(1)* %268, align 4, !tbaa !8
  %269 = zext i32 %241 to i64
  %270 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %269
  %271 = load i32, i32* %270, align 4, !tbaa !8
  %272 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %240
  store i32 %271, i32 addrspace(1)* %272, align 4, !tbaa !8
  %273 = load i32, i32* %48, align 4, !tbaa !8
  %274 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %242
  store i32 %273, i32 addrspace(1)* %274, align 4, !tbaa !8
  %275 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %242
  store i32 %233, i32 addrspace(1)* %275, align 4, !tbaa !8
  %276 = zext i32 %243 to i64
  %277 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %276
  %278 = load i32, i32* %277, align 4, !tbaa !8
  %279 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %242
  store i32 %278, i32 addrspace(1)* %279, align 4, !tbaa !8
  %280 = load i32, i32* %63, align 4, !tbaa !8
  %281 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %244
  store i32 %280, i32 addrspace(1)* %281, align 4, !tbaa !8
  %282 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %244
  store i32 %232, i32 addrspace(1)* %282, align 4, !tbaa !8
  %283 = zext i32 %245 to i64
  %284 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %283
  %285 = load i32, i32* %284, align 4, !tbaa !8
  %286 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %244
  store i32 %285, i32 addrspace(1)* %286, align 4, !tbaa !8
  %287 = load i32, i32* %81, align 4, !tbaa !8
  %288 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %246
  store i32 %287, i32 addrspace(1)* %288, align 4, !tbaa !8
  %289 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %246
  store i32 %230, i32 addrspace(1)* %289, align 4, !tbaa !8
  %290 = zext i32 %247 to i64
  %291 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %290
  %292 = load i32, i32* %291, align 4, !tbaa !8
  %293 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %246
  store i32 %292, i32 addrspace(1)* %293, align 4, !tbaa !8
  %294 = load i32, i32* %102, align 4, !tbaa !8
  %295 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %248
  store i32 %294, i32 addrspace(1)* %295, align 4, !tbaa !8
  %296 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %248
  store i32 %229, i32 addrspace(1)* %296, align 4, !tbaa !8
  %297 = zext i32 %249 to i64
  %298 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %297
  %299 = load i32, i32* %298, align 4, !tbaa !8
  %300 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %248
  store i32 %299, i32 addrspace(1)* %300, align 4, !tbaa !8
  %301 = load i32, i32* %126, align 4, !tbaa !8
  %302 = getelementptr inbounds i32, i32 addrspace(1)* %1, i64 %250
  store i32 %301, i32 addrspace(1)* %302, align 4, !tbaa !8
  %303 = getelementptr inbounds i32, i32 addrspace(1)* %2, i64 %250
  store i32 %217, i32 addrspace(1)* %303, align 4, !tbaa !8
  %304 = zext i32 %251 to i64
  %305 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i64 0, i64 %304
  %306 = load i32, i32* %305, align 4, !tbaa !8
  %307 = getelementptr inbounds i32, i32 addrspace(1)* %3, i64 %250
  store i32 %306, i32 addrspace(1)* %307, align 4, !tbaa !8
  call void @llvm.lifetime.end.p0i8(i64 32, i8* nonnull %6) #5
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p1i8.i64(i8* noalias nocapture writeonly, i8 addrspace(1)* noalias nocapture readonly, i64, i1 immarg) #3

attributes #0 = { convergent nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { argmemonly nofree nounwind willreturn }
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
!4 = !{i32 1, i32 1, i32 1, i32 1}
!5 = !{!"none", !"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int*", !"int*"}
!7 = !{!"const", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
