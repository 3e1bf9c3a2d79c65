//! The one way to build KIR: a cursor over a [`Function`] that creates blocks, block
//! parameters, instructions, terminators and private variables, recording each value's
//! type and [`ValueOrigin`] as it goes (in the spirit of Cranelift's `FunctionBuilder`).
//!
//! The builder only appends; it checks nothing beyond what it needs to stay consistent
//! (types and operands are the caller's business, and [`super::verify`] checks them).
//! It must not know any front end.

use super::{
    BinaryOp, Block, BlockCall, BlockId, ConvOp, Conversion, FloatCC, Function, Inst, InstId, InstKind, IntCC,
    PrivateVar, Terminator, Type, Value, ValueDef, ValueOrigin, VarId, WorkItemQuery,
};

/// Appends to a function at the end of its current block.
pub struct FunctionBuilder<'f> {
    func: &'f mut Function,
    cur: BlockId,
}

impl<'f> FunctionBuilder<'f> {
    /// A builder positioned in the entry block of `func`, which is created when `func`
    /// has no blocks yet.
    pub fn new(func: &'f mut Function) -> FunctionBuilder<'f> {
        if func.blocks.is_empty() {
            push_block(func);
        }
        FunctionBuilder { func, cur: BlockId(0) }
    }

    /// A builder positioned at the end of `block` (which must exist).
    pub fn at(func: &'f mut Function, block: BlockId) -> FunctionBuilder<'f> {
        FunctionBuilder { func, cur: block }
    }

    /// The function being built.
    pub fn func(&self) -> &Function {
        self.func
    }

    /// The type of `v`.
    pub fn ty(&self, v: Value) -> &Type {
        self.func.ty(v)
    }

    /// The block new instructions go to.
    pub fn current_block(&self) -> BlockId {
        self.cur
    }

    // ---- blocks and values ---------------------------------------------------------------

    /// A new empty block ending in `unreachable` (the current block does not change).
    pub fn create_block(&mut self) -> BlockId {
        push_block(self.func)
    }

    /// Make `block` the one new instructions and terminators go to.
    pub fn switch_to_block(&mut self, block: BlockId) {
        self.cur = block;
    }

    /// Append a parameter of type `ty` to `block`.
    pub fn append_block_param(&mut self, block: BlockId, ty: Type) -> Value {
        let index = self.func.blocks[block.0 as usize].params.len() as u32;
        let v = self.new_value(ty, ValueOrigin::BlockParam(block, index));
        self.func.blocks[block.0 as usize].params.push(v);
        v
    }

    /// Give `v` a source name (shown by the text form).
    pub fn set_name(&mut self, v: Value, name: impl Into<String>) {
        self.func.values[v.0 as usize].name = Some(name.into());
    }

    /// Add a private variable.
    pub fn add_var(&mut self, var: PrivateVar) -> VarId {
        self.func.vars.push(var);
        VarId(self.func.vars.len() as u32 - 1)
    }

    /// Add an uninitialised private variable of `size` bytes aligned to `align`.
    pub fn private_var(&mut self, size: u64, align: u32) -> VarId {
        self.add_var(PrivateVar { name: None, size, align, init: None })
    }

    fn new_value(&mut self, ty: Type, origin: ValueOrigin) -> Value {
        let v = Value(self.func.values.len() as u32);
        self.func.values.push(ValueDef { ty, origin, name: None });
        v
    }

    // ---- instructions ---------------------------------------------------------------------

    /// Append an instruction defining a value of type `ty`.
    pub fn inst(&mut self, kind: InstKind, ty: Type) -> Value {
        let id = InstId(self.func.insts.len() as u32);
        let v = self.new_value(ty, ValueOrigin::Inst(id));
        self.func.insts.push(Inst { kind, result: Some(v) });
        self.func.blocks[self.cur.0 as usize].insts.push(id);
        v
    }

    /// Append an instruction without a result.
    pub fn inst_void(&mut self, kind: InstKind) {
        let id = InstId(self.func.insts.len() as u32);
        self.func.insts.push(Inst { kind, result: None });
        self.func.blocks[self.cur.0 as usize].insts.push(id);
    }

    // ---- terminators ----------------------------------------------------------------------

    /// End the current block with `term` (replacing any earlier terminator).
    pub fn terminate(&mut self, term: Terminator) {
        self.func.blocks[self.cur.0 as usize].term = term;
    }

    /// `jump block(args)`.
    pub fn jump(&mut self, block: BlockId, args: &[Value]) {
        self.terminate(Terminator::Jump(call(block, args)));
    }

    /// `br cond, then_(then_args), else_(else_args)`.
    pub fn branch(&mut self, cond: Value, then_: BlockId, then_args: &[Value], else_: BlockId, else_args: &[Value]) {
        self.terminate(Terminator::Branch { cond, then_: call(then_, then_args), else_: call(else_, else_args) });
    }

    /// `switch value`: the first case whose literal matches, else `default`.
    pub fn switch(&mut self, value: Value, default: BlockCall, cases: Vec<(u64, BlockCall)>) {
        self.terminate(Terminator::Switch { value, default, cases });
    }

    /// `return`.
    pub fn ret(&mut self) {
        self.terminate(Terminator::Return);
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) {
        self.terminate(Terminator::Unreachable);
    }

    // ---- conveniences -----------------------------------------------------------------------

    /// A scalar constant with the given bits.
    pub fn iconst(&mut self, ty: Type, bits: u64) -> Value {
        self.inst(InstKind::Const(vec![bits]), ty)
    }

    /// A constant with one entry per component.
    pub fn consts(&mut self, ty: Type, bits: Vec<u64>) -> Value {
        self.inst(InstKind::Const(bits), ty)
    }

    /// An `f32` constant.
    pub fn f32const(&mut self, x: f32) -> Value {
        self.iconst(Type::F32, x.to_bits() as u64)
    }

    /// An `f64` constant.
    pub fn f64const(&mut self, x: f64) -> Value {
        self.iconst(Type::F64, x.to_bits())
    }

    /// The value of kernel parameter `n`.
    pub fn param(&mut self, n: u32, ty: Type) -> Value {
        self.inst(InstKind::Param(n), ty)
    }

    /// `op a, b`, of `a`'s type.
    pub fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.ty(a).clone();
        self.inst(InstKind::Binary(op, a, b), ty)
    }

    /// An integer comparison (a bool of the operands' shape).
    pub fn icmp(&mut self, cc: IntCC, a: Value, b: Value) -> Value {
        let ty = self.ty(a).with_scalar(super::Scalar::Bool);
        self.inst(InstKind::Icmp(cc, a, b), ty)
    }

    /// A float comparison (a bool of the operands' shape).
    pub fn fcmp(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        let ty = self.ty(a).with_scalar(super::Scalar::Bool);
        self.inst(InstKind::Fcmp(cc, a, b), ty)
    }

    /// `cond ? a : b`, of `a`'s type.
    pub fn select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        let ty = self.ty(a).clone();
        self.inst(InstKind::Select(cond, a, b), ty)
    }

    /// A conversion without saturation in the default rounding.
    pub fn convert(&mut self, op: ConvOp, v: Value, ty: Type) -> Value {
        self.inst(InstKind::Convert(Conversion { op, saturate: false, rounding: None }, v), ty)
    }

    /// `ptr + offset` bytes, of `ptr`'s type.
    pub fn ptr_add(&mut self, ptr: Value, offset: Value) -> Value {
        let ty = self.ty(ptr).clone();
        self.inst(InstKind::PtrAdd(ptr, offset), ty)
    }

    /// Load a `ty` from `ptr`.
    pub fn load(&mut self, ptr: Value, ty: Type, align: u32) -> Value {
        self.inst(InstKind::Load { ptr, align }, ty)
    }

    /// Store `value` to `ptr`.
    pub fn store(&mut self, ptr: Value, value: Value, align: u32) {
        self.inst_void(InstKind::Store { ptr, value, align });
    }

    /// Work-item query `q` for constant dimension `dim`, as a `ty` (the module's size type).
    pub fn work_item(&mut self, q: WorkItemQuery, dim: u32, ty: Type) -> Value {
        let d = self.iconst(Type::I32, dim as u64);
        self.inst(InstKind::WorkItem(q, d), ty)
    }

    /// The address of private variable `var`.
    pub fn var_addr(&mut self, var: VarId) -> Value {
        self.inst(InstKind::VarAddr(var), Type::ptr(super::AddressSpace::Private))
    }
}

fn push_block(func: &mut Function) -> BlockId {
    let id = BlockId(func.blocks.len() as u32);
    func.blocks.push(Block { params: Vec::new(), insts: Vec::new(), term: Terminator::Unreachable });
    id
}

fn call(block: BlockId, args: &[Value]) -> BlockCall {
    BlockCall { block, args: args.to_vec() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_types_are_recorded() {
        let mut f = Function::default();
        let mut b = FunctionBuilder::new(&mut f);
        let x = b.iconst(Type::I32, 1);
        let head = b.create_block();
        let p = b.append_block_param(head, Type::I32);
        b.jump(head, &[x]);
        b.switch_to_block(head);
        let y = b.binary(BinaryOp::IAdd, p, x);
        let c = b.icmp(IntCC::Slt, y, x);
        b.ret();
        assert_eq!(f.values[x.0 as usize].origin, ValueOrigin::Inst(InstId(0)));
        assert_eq!(f.values[p.0 as usize].origin, ValueOrigin::BlockParam(head, 0));
        assert_eq!(f.ty(c), &Type::BOOL);
        assert_eq!(f.block(head).insts.len(), 2);
        assert_eq!(f.block(head).term, Terminator::Return);
        assert!(crate::verify::verify(&f).is_ok());
    }
}
