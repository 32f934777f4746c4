//! `llk-crash`: the kill -9 durability campaign (work in progress).
fn main() {}
