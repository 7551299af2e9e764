//! Fuzz target `flatten`: see `fuzz/bodies.rs` for what it runs and what it asserts.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::flatten(data));
