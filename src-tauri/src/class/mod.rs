//! The Class workspace (issue #36): a class profile imports hand-ins from a USB stick,
//! shows the grid and what needs attention, and exports it.

pub mod commands;
pub mod views;
