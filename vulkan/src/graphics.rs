//! The graphics-queue commands of the Vulkan 1.3 core: dynamic rendering
//! (`vkCmdBeginRendering`, `vkCmdEndRendering`) and the extended dynamic state commands
//! (`vkCmdSetCullMode`, ..., `vkCmdBindVertexBuffers2`, `vkCmdSetPrimitiveRestartEnable`).
//!
//! Vulkan 1.3 requires a device to have these entry points, but they may only be recorded
//! into command buffers of a queue family with `GRAPHICS` (their valid usage says so),
//! and the device's one queue family has `COMPUTE | TRANSFER` only: no valid program
//! records them. Each exists, and marks the command buffer it is recorded into as failed
//! with the reason (`vkEndCommandBuffer` then fails, the reason logged), as
//! `vkCmdBlitImage2` does. This module must not record or run anything else.

use ash::vk;

use crate::command::record;

/// Why every command here fails.
const NO_GRAPHICS: &str = "a graphics-queue command; the device has compute and transfer queues only";

/// Define graphics-queue commands that fail recording: `name(args) = "vkName";`.
macro_rules! graphics_commands {
    ($($f:ident($($arg:ident: $ty:ty),*) = $name:literal;)*) => {$(
        #[doc = concat!("`", $name, "`: refused (see the module documentation).")]
        pub unsafe extern "system" fn $f(raw: vk::CommandBuffer, $(_: $ty),*) {
            record(raw, $name, || Err(NO_GRAPHICS.to_string()))
        }
    )*};
}

graphics_commands! {
    cmd_begin_rendering(info: *const vk::RenderingInfo<'_>) = "vkCmdBeginRendering";
    cmd_end_rendering() = "vkCmdEndRendering";
    cmd_set_cull_mode(mode: vk::CullModeFlags) = "vkCmdSetCullMode";
    cmd_set_front_face(face: vk::FrontFace) = "vkCmdSetFrontFace";
    cmd_set_primitive_topology(topology: vk::PrimitiveTopology) = "vkCmdSetPrimitiveTopology";
    cmd_set_viewport_with_count(count: u32, viewports: *const vk::Viewport) = "vkCmdSetViewportWithCount";
    cmd_set_scissor_with_count(count: u32, scissors: *const vk::Rect2D) = "vkCmdSetScissorWithCount";
    cmd_bind_vertex_buffers2(
        first: u32,
        count: u32,
        buffers: *const vk::Buffer,
        offsets: *const vk::DeviceSize,
        sizes: *const vk::DeviceSize,
        strides: *const vk::DeviceSize
    ) = "vkCmdBindVertexBuffers2";
    cmd_set_depth_test_enable(on: vk::Bool32) = "vkCmdSetDepthTestEnable";
    cmd_set_depth_write_enable(on: vk::Bool32) = "vkCmdSetDepthWriteEnable";
    cmd_set_depth_compare_op(op: vk::CompareOp) = "vkCmdSetDepthCompareOp";
    cmd_set_depth_bounds_test_enable(on: vk::Bool32) = "vkCmdSetDepthBoundsTestEnable";
    cmd_set_stencil_test_enable(on: vk::Bool32) = "vkCmdSetStencilTestEnable";
    cmd_set_stencil_op(
        faces: vk::StencilFaceFlags,
        fail: vk::StencilOp,
        pass: vk::StencilOp,
        depth_fail: vk::StencilOp,
        compare: vk::CompareOp
    ) = "vkCmdSetStencilOp";
    cmd_set_rasterizer_discard_enable(on: vk::Bool32) = "vkCmdSetRasterizerDiscardEnable";
    cmd_set_depth_bias_enable(on: vk::Bool32) = "vkCmdSetDepthBiasEnable";
    cmd_set_primitive_restart_enable(on: vk::Bool32) = "vkCmdSetPrimitiveRestartEnable";
}
