//! How the daily stack challenge's seeds are found: per date, the seeds tried and the CPU
//! time of the search (and of dealing the found seed again, as `StackGame::new` does),
//! over N consecutive dates from a start date; the median and the worst.
//!
//! `cargo run --release -p lianliankan-engine --example daily_stack_seeds -- [START] [DAYS]`
//! (default 2027-01-01, 365 days).

use llk_engine::code::daily::UtcDate;
use llk_engine::code::daily_stack::{daily_stack_options, daily_stack_search};
use llk_engine::stack::StackGame;

fn cpu_ms(f: impl FnOnce()) -> f64 {
    let t = cpu_time::ProcessTime::now();
    f();
    t.elapsed().as_secs_f64() * 1000.0
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start = UtcDate::parse(args.first().map_or("2027-01-01", String::as_str))
        .expect("a start date YYYY-MM-DD");
    let days: usize = args
        .get(1)
        .map_or(Ok(365), |d| d.parse())
        .expect("a number of days");
    let (mut tries, mut search, mut dealt) = (Vec::new(), Vec::new(), Vec::new());
    let mut date = start;
    for _ in 0..days {
        let mut found = (0, 0);
        search.push(cpu_ms(|| found = daily_stack_search(date)));
        tries.push(found.1 as f64);
        let options = daily_stack_options(date);
        dealt.push(cpu_ms(|| {
            StackGame::new(options).expect("the day's level deals");
        }));
        date = date.next().expect("a next date");
    }
    let total: f64 = search.iter().sum();
    println!(
        "{days} dates from {start}: seeds tried p50 {} worst {}, first seed won on {} dates",
        pct(&mut tries.clone(), 0.5),
        pct(&mut tries.clone(), 1.0),
        tries.iter().filter(|&&t| t == 1.0).count()
    );
    println!(
        "search CPU ms: p50 {:.1} p90 {:.1} worst {:.1} total {:.0}",
        pct(&mut search.clone(), 0.5),
        pct(&mut search.clone(), 0.9),
        pct(&mut search.clone(), 1.0),
        total
    );
    println!(
        "StackGame::new of the day's options, CPU ms: p50 {:.1} p90 {:.1} worst {:.1}",
        pct(&mut dealt.clone(), 0.5),
        pct(&mut dealt.clone(), 0.9),
        pct(&mut dealt.clone(), 1.0)
    );
}
