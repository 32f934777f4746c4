//! The module's raw exports over linear memory (no wasm-bindgen): the page asks `llk_alloc` for
//! a buffer of the request's length, writes the request's UTF-8 bytes into it, calls `llk_call`
//! with that buffer, and reads the answer's `len` bytes at `llk_out()`. Memory may grow during a
//! call, so the page views `memory.buffer` afresh after each one. A panic aborts (traps): the
//! page then starts a new instance from what it stored.

use std::sync::{Mutex, MutexGuard};

use crate::protocol::Shell;

struct Buffers {
    shell: Option<Shell>,
    input: Vec<u8>,
    output: Vec<u8>,
}

static STATE: Mutex<Buffers> = Mutex::new(Buffers {
    shell: None,
    input: Vec::new(),
    output: Vec::new(),
});

fn state() -> MutexGuard<'static, Buffers> {
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A buffer of `len` bytes for the next request; valid until the next `llk_alloc`.
#[unsafe(no_mangle)]
pub extern "C" fn llk_alloc(len: usize) -> *mut u8 {
    let mut s = state();
    s.input.clear();
    s.input.resize(len, 0);
    s.input.as_mut_ptr()
}

/// Answers the request in the buffer `llk_alloc` gave (`ptr`, its first `len` bytes); returns
/// the answer's length. Any other buffer is refused with a `bad_argument` answer: no pointer
/// from outside is ever dereferenced.
#[unsafe(no_mangle)]
pub extern "C" fn llk_call(ptr: *mut u8, len: usize) -> usize {
    let mut s = state();
    let request = if ptr == s.input.as_mut_ptr() && len <= s.input.len() {
        let mut bytes = std::mem::take(&mut s.input);
        bytes.truncate(len);
        bytes
    } else {
        Vec::new()
    };
    let answer = if request.is_empty() && len != 0 {
        br#"{"err":{"code":"bad_argument","message":"llk_call takes the buffer llk_alloc gave"},"writes":[]}"#.to_vec()
    } else {
        s.shell.get_or_insert_with(Shell::new).handle(&request)
    };
    s.output = answer;
    s.output.len()
}

/// The last answer's bytes (`llk_call`'s return value says how many).
#[unsafe(no_mangle)]
pub extern "C" fn llk_out() -> *const u8 {
    state().output.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the page does: a buffer, the request's bytes into it, the call, the answer's bytes.
    fn round_trip(request: &[u8]) -> String {
        let ptr = llk_alloc(request.len());
        // SAFETY: llk_alloc just gave a buffer of exactly request.len() bytes
        unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len()) };
        let len = llk_call(ptr, request.len());
        // SAFETY: llk_out's buffer holds the len bytes llk_call reported, until the next call
        let out = unsafe { std::slice::from_raw_parts(llk_out(), len) };
        String::from_utf8(out.to_vec()).unwrap()
    }

    // one test: the exports share the module's single state
    #[test]
    fn requests_travel_through_linear_memory() {
        let init = br#"{"op":"init","files":{},"random":"7","now_ms":1750000000000}"#;
        assert_eq!(round_trip(init), r#"{"ok":null,"writes":[]}"#);
        let presets = round_trip(br#"{"op":"invoke","command":"presets","now_ms":1750000000000}"#);
        assert!(presets.starts_with(r#"{"ok":[{"#), "{presets}");

        // a pointer that is not the request buffer is refused, never read
        let mut elsewhere = [b'{'; 4];
        let len = llk_call(elsewhere.as_mut_ptr(), elsewhere.len());
        let out = unsafe { std::slice::from_raw_parts(llk_out(), len) };
        assert!(String::from_utf8_lossy(out).contains("bad_argument"));
    }
}
