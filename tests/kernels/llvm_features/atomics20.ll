; ModuleID = 'atomics20.cl'
source_filename = "atomics20.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @atomics20(i32 addrspace(1)* noundef %ai, i32 addrspace(1)* noundef %au, i64 addrspace(1)* noundef %al, i32 addrspace(1)* noundef %slots, i32 addrspace(1)* noundef %flags, i32 addrspace(1)* nocapture noundef writeonly %out, i32 addrspace(3)* noundef %counter) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %e = alloca i32, align 4
  %five = alloca i32, align 4
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  %arrayidx.ascast = addrspacecast i32 addrspace(1)* %ai to i32 addrspace(4)*
  %call1 = tail call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)* noundef %arrayidx.ascast, i32 noundef 1, i32 noundef 0, i32 noundef 2) #5
  %arrayidx2 = getelementptr inbounds i32, i32 addrspace(1)* %ai, i64 1
  %arrayidx2.ascast = addrspacecast i32 addrspace(1)* %arrayidx2 to i32 addrspace(4)*
  %call3 = tail call spir_func i32 @_Z16atomic_fetch_subPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %arrayidx2.ascast, i32 noundef 2) #5
  %arrayidx4 = getelementptr inbounds i32, i32 addrspace(1)* %ai, i64 2
  %arrayidx4.ascast = addrspacecast i32 addrspace(1)* %arrayidx4 to i32 addrspace(4)*
  %sub = sub nsw i32 0, %conv
  %call5 = tail call spir_func i32 @_Z16atomic_fetch_minPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %arrayidx4.ascast, i32 noundef %sub) #5
  %arrayidx6.ascast = addrspacecast i32 addrspace(1)* %au to i32 addrspace(4)*
  %and = and i32 %conv, 31
  %shl = shl nuw i32 1, %and
  %call7 = tail call spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicjj12memory_order(i32 addrspace(4)* noundef %arrayidx6.ascast, i32 noundef %shl, i32 noundef 4) #5
  %arrayidx8 = getelementptr inbounds i32, i32 addrspace(1)* %au, i64 1
  %arrayidx8.ascast = addrspacecast i32 addrspace(1)* %arrayidx8 to i32 addrspace(4)*
  %call9 = tail call spir_func i32 @_Z16atomic_fetch_xorPU3AS4VU7_Atomicjj(i32 addrspace(4)* noundef %arrayidx8.ascast, i32 noundef %conv) #5
  %arrayidx10 = getelementptr inbounds i32, i32 addrspace(1)* %au, i64 2
  %arrayidx10.ascast = addrspacecast i32 addrspace(1)* %arrayidx10 to i32 addrspace(4)*
  %and11 = and i32 %conv, 7
  %shl13 = shl nuw nsw i32 1, %and11
  %neg = xor i32 %shl13, -1
  %call14 = tail call spir_func i32 @_Z16atomic_fetch_andPU3AS4VU7_Atomicjj(i32 addrspace(4)* noundef %arrayidx10.ascast, i32 noundef %neg) #5
  %arrayidx15 = getelementptr inbounds i32, i32 addrspace(1)* %au, i64 3
  %arrayidx15.ascast = addrspacecast i32 addrspace(1)* %arrayidx15 to i32 addrspace(4)*
  %mul = mul i32 %conv, 3
  %call16 = tail call spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(i32 addrspace(4)* noundef %arrayidx15.ascast, i32 noundef %mul, i32 noundef 5, i32 noundef 1) #5
  %arrayidx17.ascast = addrspacecast i64 addrspace(1)* %al to i64 addrspace(4)*
  %conv18 = sext i32 %conv to i64
  %shl19 = shl i64 %conv18, 33
  %call20 = tail call spir_func i64 @_Z16atomic_fetch_addPU3AS4VU7_Atomicll(i64 addrspace(4)* noundef %arrayidx17.ascast, i64 noundef %shl19) #5
  %0 = bitcast i32* %e to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %0) #6
  %arrayidx21 = getelementptr inbounds i32, i32 addrspace(1)* %ai, i64 3
  %arrayidx21.ascast = addrspacecast i32 addrspace(1)* %arrayidx21 to i32 addrspace(4)*
  %call22 = tail call spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(i32 addrspace(4)* noundef %arrayidx21.ascast) #5
  store i32 %call22, i32* %e, align 4, !tbaa !8
  %e.ascast = addrspacecast i32* %e to i32 addrspace(4)*
  br label %while.cond

while.cond:                                       ; preds = %while.cond.while.cond_crit_edge, %entry
  %1 = phi i32 [ %.pre, %while.cond.while.cond_crit_edge ], [ %call22, %entry ]
  %add = add nsw i32 %1, 3
  %call24 = call spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(i32 addrspace(4)* noundef %arrayidx21.ascast, i32 addrspace(4)* noundef %e.ascast, i32 noundef %add, i32 noundef 5, i32 noundef 0, i32 noundef 2) #5
  br i1 %call24, label %while.end, label %while.cond.while.cond_crit_edge

while.cond.while.cond_crit_edge:                  ; preds = %while.cond
  %.pre = load i32, i32* %e, align 4, !tbaa !8
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %2 = bitcast i32* %five to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %2) #6
  store i32 5, i32* %five, align 4, !tbaa !8
  %arrayidx25 = getelementptr inbounds i32, i32 addrspace(1)* %ai, i64 4
  %arrayidx25.ascast = addrspacecast i32 addrspace(1)* %arrayidx25 to i32 addrspace(4)*
  %five.ascast = addrspacecast i32* %five to i32 addrspace(4)*
  %add26 = add nsw i32 %conv, 100
  %call27 = call spir_func zeroext i1 @_Z30atomic_compare_exchange_strongPU3AS4VU7_AtomiciPU3AS4ii(i32 addrspace(4)* noundef %arrayidx25.ascast, i32 addrspace(4)* noundef %five.ascast, i32 noundef %add26) #5
  %cond = zext i1 %call27 to i32
  %arrayidx29 = getelementptr inbounds i32, i32 addrspace(1)* %ai, i64 5
  %arrayidx29.ascast = addrspacecast i32 addrspace(1)* %arrayidx29 to i32 addrspace(4)*
  %call30 = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %arrayidx29.ascast, i32 noundef %cond) #5
  %arrayidx31 = getelementptr inbounds i32, i32 addrspace(1)* %slots, i64 %conv18
  %arrayidx31.ascast = addrspacecast i32 addrspace(1)* %arrayidx31 to i32 addrspace(4)*
  %mul32 = mul nsw i32 %conv, 7
  call spir_func void @_Z21atomic_store_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)* noundef %arrayidx31.ascast, i32 noundef %mul32, i32 noundef 3, i32 noundef 2) #5
  %call35 = call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order(i32 addrspace(4)* noundef %arrayidx31.ascast, i32 noundef 2) #5
  %call38 = call spir_func i32 @_Z15atomic_exchangePU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %arrayidx31.ascast, i32 noundef 1) #5
  %arrayidx41 = getelementptr inbounds i32, i32 addrspace(1)* %flags, i64 %conv18
  %arrayidx41.ascast = addrspacecast i32 addrspace(1)* %arrayidx41 to i32 addrspace(4)*
  %call42 = call spir_func zeroext i1 @_Z24atomic_flag_test_and_setPU3AS4VU7_Atomici(i32 addrspace(4)* noundef %arrayidx41.ascast) #5
  %call46 = call spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order(i32 addrspace(4)* noundef %arrayidx41.ascast, i32 noundef 0) #5
  call spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(i32 addrspace(4)* noundef %arrayidx41.ascast, i32 noundef 3, i32 noundef 2) #5
  %call52 = call spir_func zeroext i1 @_Z24atomic_flag_test_and_setPU3AS4VU7_Atomici(i32 addrspace(4)* noundef %arrayidx41.ascast) #5
  %call54 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %cmp = icmp eq i64 %call54, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %while.end
  %3 = addrspacecast i32 addrspace(3)* %counter to i32 addrspace(4)*
  call spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %3, i32 noundef 0) #5
  br label %if.end

if.end:                                           ; preds = %while.end, %if.then
  %.pre-phi = addrspacecast i32 addrspace(3)* %counter to i32 addrspace(4)*
  %conv43 = zext i1 %call42 to i32
  %add39 = add nsw i32 %call38, %call35
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %call56 = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef %.pre-phi, i32 noundef 1) #5
  call spir_func void @_Z22atomic_work_item_fencej12memory_order12memory_scope(i32 noundef 1, i32 noundef 5, i32 noundef 1) #5
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %mul57 = select i1 %call46, i32 2, i32 0
  %add58 = or i32 %mul57, %conv43
  %mul59 = select i1 %call52, i32 4, i32 0
  %add60 = or i32 %mul59, %add58
  %mul61 = mul nuw nsw i32 %add60, 1000
  %add62 = add nsw i32 %add39, %mul61
  %call63 = call spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(i32 addrspace(4)* noundef %.pre-phi) #5
  %mul64 = mul nsw i32 %call63, 10000
  %add65 = add nsw i32 %add62, %mul64
  %arrayidx67 = getelementptr inbounds i32, i32 addrspace(1)* %out, i64 %conv18
  store i32 %add65, i32 addrspace(1)* %arrayidx67, align 4, !tbaa !8
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %2) #6
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %0) #6
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)* noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z16atomic_fetch_subPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z16atomic_fetch_minPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicjj12memory_order(i32 addrspace(4)* noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z16atomic_fetch_xorPU3AS4VU7_Atomicjj(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z16atomic_fetch_andPU3AS4VU7_Atomicjj(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(i32 addrspace(4)* noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i64 @_Z16atomic_fetch_addPU3AS4VU7_Atomicll(i64 addrspace(4)* noundef, i64 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(i32 addrspace(4)* noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(i32 addrspace(4)* noundef, i32 addrspace(4)* noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func zeroext i1 @_Z30atomic_compare_exchange_strongPU3AS4VU7_AtomiciPU3AS4ii(i32 addrspace(4)* noundef, i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func void @_Z21atomic_store_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)* noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func i32 @_Z15atomic_exchangePU3AS4VU7_Atomicii(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func zeroext i1 @_Z24atomic_flag_test_and_setPU3AS4VU7_Atomici(i32 addrspace(4)* noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(i32 addrspace(4)* noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent
declare spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(i32 addrspace(4)* noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent
declare spir_func void @_Z22atomic_work_item_fencej12memory_order12memory_scope(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { convergent nounwind }
attributes #6 = { nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 14.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 3}
!4 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!5 = !{!"atomic_int*", !"atomic_uint*", !"atomic_long*", !"atomic_int*", !"atomic_flag*", !"int*", !"atomic_int*"}
!6 = !{!"_Atomic(int)*", !"_Atomic(unsigned int)*", !"_Atomic(long)*", !"_Atomic(int)*", !"_Atomic(int)*", !"int*", !"_Atomic(int)*"}
!7 = !{!"", !"", !"", !"", !"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
