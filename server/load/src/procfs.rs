//! A process's memory from `/proc/<pid>/status`: resident set (`VmRSS`) and its peak
//! (`VmHWM`), in KiB; and its CPU time from `/proc/<pid>/stat`.

/// `VmRSS` and `VmHWM` of `pid`, KiB, or `None` if the process or the fields are gone.
pub fn memory(pid: u32) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    Some((field(&text, "VmRSS:")?, field(&text, "VmHWM:")?))
}

/// Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux).
pub const TICKS_PER_SEC: u64 = 100;

/// CPU time (user + system) `pid` has used, ms, or `None` if it is gone.
pub fn cpu_ms(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces: count fields after its closing paren.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime + stime) * 1000 / TICKS_PER_SEC)
}

fn field(status: &str, name: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// KiB as MB with one decimal.
pub fn mb(kib: u64) -> String {
    format!("{:.1} MB", kib as f64 * 1024.0 / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_its_own_memory() {
        let (rss, hwm) = memory(std::process::id()).unwrap();
        assert!(rss > 0 && hwm >= rss, "{rss} {hwm}");
        assert_eq!(field("VmHWM:\t  1234 kB\n", "VmHWM:"), Some(1234));
        assert_eq!(memory(u32::MAX), None);
        let spin = std::time::Instant::now();
        let mut x = 0u64;
        while spin.elapsed().as_millis() < 60 {
            x = x.wrapping_add(std::hint::black_box(1));
        }
        assert!(x > 0);
        assert!(cpu_ms(std::process::id()).unwrap() >= 30);
        assert_eq!(mb(1000), "1.0 MB");
    }
}
