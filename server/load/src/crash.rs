//! The kill -9 durability campaign (work in progress).
