//! Image addressing and filtering exactly per OpenCL 1.2 §8.2: coordinates (normalized or
//! not, integer or float) → element indices or border, for addressing modes none, clamp,
//! clamp-to-edge, repeat and mirrored-repeat, with nearest or linear filtering; and per
//! the Vulkan specification (§16 "Image Operations", [`vk_sample`]): wrapping of integer
//! texel coordinates per axis (repeat, mirrored repeat, clamp to edge, clamp to border,
//! mirror clamp to edge), border colours, depth comparison, gathers, texel offsets and
//! cube-map face selection.
//!
//! Element access goes through [`Texels`], which never reads outside the image's
//! buffer; this module does no format conversion itself.

use spirjit_abi::image::{read_flags, sample_flags, sampler};
use spirjit_abi::{ChannelOrder, ChannelType, ImageDesc, ImageDim};

use super::format::{border_alpha, decode_f32, decode_i32};

/// A validated view of an image descriptor.
pub struct Texels<'a> {
    pub desc: &'a ImageDesc,
    pub dim: ImageDim,
    pub order: ChannelOrder,
    pub ty: ChannelType,
}

impl<'a> Texels<'a> {
    /// `None` when the descriptor names no valid dimensionality, order or type.
    pub fn new(desc: &'a ImageDesc) -> Option<Texels<'a>> {
        Some(Texels {
            desc,
            dim: ImageDim::from_u32(desc.dim)?,
            order: ChannelOrder::from_u32(desc.channel_order)?,
            ty: ChannelType::from_u32(desc.channel_type)?,
        })
    }

    /// Sizes of the spatial dimensions (unused ones are 1).
    pub fn sizes(&self) -> [i64; 3] {
        let d = self.desc;
        let c = |v: u64| v.clamp(1, i64::MAX as u64) as i64;
        match self.dim.spatial() {
            1 => [c(d.width), 1, 1],
            2 => [c(d.width), c(d.height), 1],
            _ => [c(d.width), c(d.height), c(d.depth)],
        }
    }

    /// Layers of an array image (1 otherwise).
    pub fn layers(&self) -> i64 {
        if self.dim.is_array() {
            self.desc.array_size.clamp(1, i64::MAX as u64) as i64
        } else {
            1
        }
    }

    /// The bytes of element `(x, y, z)` of `layer`, or `None` when any index is out of
    /// range or the element lies outside the buffer.
    pub fn element(&self, idx: [i64; 3], layer: i64) -> Option<&'a [u8]> {
        let off = self.offset(idx, layer)?;
        let d = self.desc;
        // SAFETY: `offset` checked `off + element_size <= buffer_size`; the runtime
        // guarantees `data` covers `buffer_size` bytes for the dispatch.
        Some(unsafe { std::slice::from_raw_parts(d.data.add(off), d.element_size as usize) })
    }

    /// Mutable bytes of element `(x, y, z)` of `layer` (see [`Texels::element`]).
    pub fn element_mut(&self, idx: [i64; 3], layer: i64) -> Option<&'a mut [u8]> {
        let off = self.offset(idx, layer)?;
        let d = self.desc;
        // SAFETY: as in `element`; kernels writing the same element race by design.
        Some(unsafe { std::slice::from_raw_parts_mut(d.data.add(off), d.element_size as usize) })
    }

    fn offset(&self, idx: [i64; 3], layer: i64) -> Option<usize> {
        let sizes = self.sizes();
        if idx.iter().zip(sizes).any(|(i, s)| *i < 0 || *i >= s) || layer < 0 || layer >= self.layers() {
            return None;
        }
        let d = self.desc;
        if d.data.is_null() {
            return None;
        }
        let z = if self.dim.is_array() { layer } else { idx[2] } as u64;
        let off = (idx[0] as u64)
            .checked_mul(d.element_size as u64)?
            .checked_add((idx[1] as u64).checked_mul(d.row_pitch)?)?
            .checked_add(z.checked_mul(d.slice_pitch)?)?;
        let end = off.checked_add(d.element_size as u64)?;
        if end > d.buffer_size {
            return None;
        }
        usize::try_from(off).ok()
    }

    fn border_f32(&self) -> [f32; 4] {
        [0.0, 0.0, 0.0, if border_alpha(self.order) { 0.0 } else { 1.0 }]
    }

    fn border_i32(&self) -> [u32; 4] {
        [0, 0, 0, if border_alpha(self.order) { 0 } else { 1 }]
    }

    /// Element as floats, or the border color when out of range.
    pub fn fetch_f32(&self, idx: [i64; 3], layer: i64) -> [f32; 4] {
        match self.element(idx, layer) {
            Some(p) => decode_f32(self.order, self.ty, p),
            None => self.border_f32(),
        }
    }

    /// Element as integers, or the border color when out of range.
    pub fn fetch_i32(&self, idx: [i64; 3], layer: i64) -> [u32; 4] {
        match self.element(idx, layer) {
            Some(p) => decode_i32(self.order, self.ty, p),
            None => self.border_i32(),
        }
    }
}

/// A coordinate: four 32-bit components, integers or floats.
#[derive(Clone, Copy, Debug)]
pub enum Coord {
    Int([i32; 4]),
    Float([f32; 4]),
}

/// Index of an integer coordinate under `mode` (out of range stays out of range, which
/// reads the border; clamp-to-edge clamps; repeat modes are undefined for integer
/// coordinates and clamp to the edge).
fn address_int(i: i64, size: i64, mode: u32) -> i64 {
    match mode {
        sampler::ADDRESS_CLAMP_TO_EDGE | sampler::ADDRESS_REPEAT | sampler::ADDRESS_MIRRORED_REPEAT => {
            i.clamp(0, size - 1)
        }
        sampler::ADDRESS_CLAMP => i.clamp(-1, size),
        _ => i,
    }
}

fn floor_i(x: f32) -> i64 {
    let f = x.floor();
    if f.is_nan() {
        0
    } else {
        f.clamp(-(1i64 << 40) as f32, (1i64 << 40) as f32) as i64
    }
}

fn mirror(s: f32) -> f32 {
    let sp = 2.0 * (0.5 * s).round_ties_even();
    (s - sp).abs()
}

/// Nearest filtering: the element index for coordinate `s` along a dimension of `size`.
fn nearest(s: f32, size: i64, mode: u32, normalized: bool) -> i64 {
    let w = size as f32;
    match mode {
        sampler::ADDRESS_REPEAT if normalized => {
            let u = (s - s.floor()) * w;
            let i = floor_i(u);
            if i > size - 1 {
                i - size
            } else {
                i
            }
        }
        sampler::ADDRESS_MIRRORED_REPEAT if normalized => {
            let u = mirror(s) * w;
            floor_i(u).min(size - 1)
        }
        _ => {
            let u = if normalized { s * w } else { s };
            address_int(floor_i(u), size, if mode > sampler::ADDRESS_CLAMP_TO_EDGE { 2 } else { mode })
        }
    }
}

/// Linear filtering: (i0, i1, a) for coordinate `s` along a dimension of `size`.
fn linear(s: f32, size: i64, mode: u32, normalized: bool) -> (i64, i64, f32) {
    let w = size as f32;
    let frac = |x: f32| x - x.floor();
    match mode {
        sampler::ADDRESS_REPEAT if normalized => {
            let u = (s - s.floor()) * w;
            let mut i0 = floor_i(u - 0.5);
            let mut i1 = i0 + 1;
            if i0 < 0 {
                i0 += size;
            }
            if i1 > size - 1 {
                i1 -= size;
            }
            (i0, i1, frac(u - 0.5))
        }
        sampler::ADDRESS_MIRRORED_REPEAT if normalized => {
            let u = mirror(s) * w;
            let i0 = floor_i(u - 0.5);
            let i1 = i0 + 1;
            (i0.max(0), i1.min(size - 1), frac(u - 0.5))
        }
        _ => {
            let u = if normalized { s * w } else { s };
            let m = if mode > sampler::ADDRESS_CLAMP_TO_EDGE { 2 } else { mode };
            let i0 = floor_i(u - 0.5);
            (address_int(i0, size, m), address_int(i0 + 1, size, m), frac(u - 0.5))
        }
    }
}

/// The layer an array coordinate selects: `clamp(rint(c), 0, layers - 1)`.
fn layer_of(c: f32, layers: i64) -> i64 {
    if c.is_nan() {
        0
    } else {
        (c.round_ties_even().clamp(-1.0, layers as f32) as i64).clamp(0, layers - 1)
    }
}

/// What a read returns.
pub enum Texel {
    F32([f32; 4]),
    I32([u32; 4]),
}

/// Read image `t` at `coord` with sampler bits `smp`; `int_result` for
/// `read_imagei/ui`.
pub fn read(t: &Texels, smp: u32, coord: Coord, int_result: bool) -> Texel {
    let sizes = t.sizes();
    let n = t.dim.spatial();
    let mode = smp & sampler::ADDRESS_MASK;
    let normalized = smp & sampler::NORMALIZED_COORDS != 0;
    let linear_filter = smp & sampler::FILTER_LINEAR != 0 && !int_result;
    let layers = t.layers();
    let fetch = |idx: [i64; 3], layer: i64| -> Texel {
        if int_result {
            Texel::I32(t.fetch_i32(idx, layer))
        } else {
            Texel::F32(t.fetch_f32(idx, layer))
        }
    };
    match coord {
        Coord::Int(c) => {
            let mut idx = [0i64; 3];
            for k in 0..n {
                idx[k] = address_int(c[k] as i64, sizes[k], mode);
            }
            let layer = if t.dim.is_array() { (c[n] as i64).clamp(0, layers - 1) } else { 0 };
            fetch(idx, layer)
        }
        Coord::Float(c) => {
            let layer = if t.dim.is_array() { layer_of(c[n], layers) } else { 0 };
            if !linear_filter {
                let mut idx = [0i64; 3];
                for k in 0..n {
                    idx[k] = nearest(c[k], sizes[k], mode, normalized);
                }
                return fetch(idx, layer);
            }
            let mut lin = [(0i64, 0i64, 0f32); 3];
            for k in 0..n {
                lin[k] = linear(c[k], sizes[k], mode, normalized);
            }
            let mut acc = [0f32; 4];
            for (idx, weight) in corners(&lin, n) {
                let v = t.fetch_f32(idx, layer);
                for (a, x) in acc.iter_mut().zip(v) {
                    *a += weight * x;
                }
            }
            Texel::F32(acc)
        }
    }
}

/// The `2^n` corners of a linear filter's footprint (per axis: lower index, upper index,
/// weight of the upper one) with their weights.
fn corners(foot: &[(i64, i64, f32); 3], n: usize) -> impl Iterator<Item = ([i64; 3], f32)> + '_ {
    (0..1usize << n).map(move |corner| {
        let mut idx = [0i64; 3];
        let mut weight = 1f32;
        for (k, &(i0, i1, a)) in foot.iter().enumerate().take(n) {
            if corner >> k & 1 == 1 {
                idx[k] = i1;
                weight *= a;
            } else {
                idx[k] = i0;
                weight *= 1.0 - a;
            }
        }
        (idx, weight)
    })
}

/// The Vulkan addressing mode of axis `k` of sampler `smp`.
fn vk_mode(smp: u32, k: usize) -> u32 {
    match k {
        0 => smp & sampler::ADDRESS_MASK,
        1 => smp >> sampler::ADDRESS_V_SHIFT & sampler::ADDRESS_MASK,
        _ => smp >> sampler::ADDRESS_W_SHIFT & sampler::ADDRESS_MASK,
    }
}

/// Vulkan's wrapping of integer texel coordinate `i` along an axis of `size` texels
/// (`size - 1` < result < `size` only for clamp to border, whose -1 and `size` read the
/// border colour).
fn vk_wrap(i: i64, size: i64, mode: u32) -> i64 {
    let mirror = |a: i64| if a >= 0 { a } else { -(1 + a) };
    match mode {
        sampler::ADDRESS_REPEAT => i.rem_euclid(size),
        sampler::ADDRESS_MIRRORED_REPEAT => (size - 1) - mirror(i.rem_euclid(2 * size) - size),
        sampler::ADDRESS_CLAMP => i.clamp(-1, size),
        sampler::ADDRESS_MIRROR_CLAMP_TO_EDGE => mirror(i).clamp(0, size - 1),
        _ => i.clamp(0, size - 1),
    }
}

/// The Vulkan border colour of sampler `smp` as floats and as integers.
fn vk_border(smp: u32) -> ([f32; 4], [u32; 4]) {
    match smp >> sampler::BORDER_SHIFT & sampler::BORDER_MASK {
        2 | 3 => ([0.0, 0.0, 0.0, 1.0], [0, 0, 0, 1]),
        4 | 5 => ([1.0; 4], [1; 4]),
        _ => ([0.0; 4], [0; 4]),
    }
}

/// Whether depth reference `dref` passes the sampler's compare op against texel depth `d`.
fn vk_compare(smp: u32, dref: f32, d: f32) -> bool {
    match smp >> sampler::COMPARE_SHIFT & sampler::COMPARE_MASK {
        0 => false,
        1 => dref < d,
        2 => dref == d,
        3 => dref <= d,
        4 => dref > d,
        5 => dref != d,
        6 => dref >= d,
        _ => true,
    }
}

/// Cube-map face selection (Vulkan table "Cube map face selection"): the face and the
/// normalized (s, t) on it for direction (x, y, z).
fn cube_face(x: f32, y: f32, z: f32) -> (i64, f32, f32) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, sc, tc, ma) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, -z, -y, ax)
        } else {
            (1, z, -y, ax)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, x, z, ay)
        } else {
            (3, x, -z, ay)
        }
    } else if z >= 0.0 {
        (4, x, -y, az)
    } else {
        (5, -x, -y, az)
    };
    if ma == 0.0 || ma.is_nan() {
        return (face, 0.5, 0.5);
    }
    (face, 0.5 * sc / ma + 0.5, 0.5 * tc / ma + 0.5)
}

/// Sample image `t` by the Vulkan rules: `smp` is the sampler field (a Vulkan one;
/// OpenCL fields are read as Vulkan samplers whose three axes share the mode), `c` the
/// float coordinates (array layer last, cube maps a direction then the cube), `offset`
/// the texel offset (`ConstOffset` / `Offset`), `dref` the depth reference, `flags`
/// [`sample_flags`] and the result kind.
pub fn vk_sample(t: &Texels, smp: u32, c: [f32; 4], offset: [i32; 3], dref: f32, flags: u32) -> Texel {
    let int_result = matches!(flags & read_flags::RESULT_MASK, read_flags::RESULT_I32 | read_flags::RESULT_I64);
    let per_axis = smp & sampler::VULKAN != 0;
    let sizes = t.sizes();
    let n = t.dim.spatial();
    let mut normalized = smp & sampler::NORMALIZED_COORDS != 0;
    let mut modes = [0u32; 3];
    for (k, m) in modes.iter_mut().enumerate() {
        *m = if per_axis { vk_mode(smp, k) } else { smp & sampler::ADDRESS_MASK };
    }
    let mut coords = [c[0], c[1], c[2]];
    let layer = if t.dim.is_cube() {
        let (face, s, tt) = cube_face(c[0], c[1], c[2]);
        coords = [s, tt, 0.0];
        normalized = true;
        modes = [sampler::ADDRESS_CLAMP_TO_EDGE; 3];
        let cube = if t.dim == ImageDim::CubeArray { layer_of(c[3], (t.layers() / 6).max(1)) } else { 0 };
        6 * cube + face
    } else if t.dim.is_array() {
        layer_of(c[n], t.layers())
    } else {
        0
    };
    let (border_f, border_i) = vk_border(smp);
    let gather = flags & sample_flags::GATHER != 0;
    let dref_on = flags & sample_flags::DREF != 0;
    let linear_filter = gather || (smp & sampler::FILTER_LINEAR != 0 && !int_result);
    // Texel at wrapped indices, border colour outside.
    let texel = |idx: [i64; 3]| -> ([f32; 4], [u32; 4]) {
        match t.element(idx, layer) {
            Some(p) if int_result => ([0.0; 4], super::format::decode_i32(t.order, t.ty, p)),
            Some(p) => (decode_f32(t.order, t.ty, p), [0; 4]),
            None => (border_f, border_i),
        }
    };
    let depth = |v: [f32; 4]| if vk_compare(smp, dref, v[0]) { 1.0 } else { 0.0 };
    // Per axis: (i0, i1, alpha) of the linear footprint, or (i, i, 0) for nearest.
    let mut foot = [(0i64, 0i64, 0f32); 3];
    for k in 0..n {
        let size = sizes[k];
        let u = if normalized { coords[k] * size as f32 } else { coords[k] };
        let off = offset[k] as i64;
        foot[k] = if linear_filter {
            let x = u - 0.5;
            let i0 = floor_i(x) + off;
            let a = if x.is_finite() { x - x.floor() } else { 0.0 };
            (vk_wrap(i0, size, modes[k]), vk_wrap(i0 + 1, size, modes[k]), a)
        } else {
            let i = vk_wrap(floor_i(u) + off, size, modes[k]);
            (i, i, 0.0)
        };
    }
    if gather {
        let comp = (flags >> sample_flags::COMPONENT_SHIFT & 3) as usize;
        let (i0, i1, _) = foot[0];
        let (j0, j1, _) = if n >= 2 { foot[1] } else { (0, 0, 0.0) };
        let corners = [[i0, j1, 0], [i1, j1, 0], [i1, j0, 0], [i0, j0, 0]];
        let mut fo = [0f32; 4];
        let mut io = [0u32; 4];
        for (k, idx) in corners.into_iter().enumerate() {
            let (f, i) = texel(idx);
            if dref_on {
                fo[k] = depth(f);
            } else {
                fo[k] = f[comp];
                io[k] = i[comp];
            }
        }
        return if int_result && !dref_on { Texel::I32(io) } else { Texel::F32(fo) };
    }
    if !linear_filter {
        let idx = [foot[0].0, foot[1].0, foot[2].0];
        let (f, i) = texel(idx);
        return if dref_on {
            let d = depth(f);
            Texel::F32([d, 0.0, 0.0, 1.0])
        } else if int_result {
            Texel::I32(i)
        } else {
            Texel::F32(f)
        };
    }
    let mut acc = [0f32; 4];
    for (idx, weight) in corners(&foot, n) {
        let (f, _) = texel(idx);
        if dref_on {
            acc[0] += weight * depth(f);
        } else {
            for (a, x) in acc.iter_mut().zip(f) {
                *a += weight * x;
            }
        }
    }
    if dref_on {
        acc[3] = 1.0;
    }
    Texel::F32(acc)
}
