//! Analyses of KIR: facts for the lowering (control flow, dominators, liveness across
//! barriers, uniformity, pointer provenance). Analyses only read KIR; they never emit
//! code and never change the IR.

pub mod cfg;
pub mod domtree;
pub mod liveness;
pub mod loops;
pub mod provenance;
pub mod uniformity;

pub use cfg::Cfg;
pub use domtree::DomTree;
pub use liveness::Liveness;
pub use provenance::Provenances;
pub use uniformity::Uniformity;
