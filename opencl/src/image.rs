//! Images: creation, queries, supported formats and image commands (read, write, copy,
//! fill, map, and copies between images and buffers). This module must not know kernels
//! beyond the argument an image becomes.

/// The image entry points (none yet: the device reports no image support until they exist).
pub fn entry_points() -> Vec<(&'static str, usize)> {
    Vec::new()
}

/// Whether the device reports image support.
pub const SUPPORTED: bool = false;
