//! Analyses of KIR: facts for the lowering. Never emits code.
