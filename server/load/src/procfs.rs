//! A process's memory from `/proc/<pid>/status`: resident set (`VmRSS`) and its peak
//! (`VmHWM`), in KiB.

/// `VmRSS` and `VmHWM` of `pid`, KiB, or `None` if the process or the fields are gone.
pub fn memory(pid: u32) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    Some((field(&text, "VmRSS:")?, field(&text, "VmHWM:")?))
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
        assert_eq!(mb(1000), "1.0 MB");
    }
}
