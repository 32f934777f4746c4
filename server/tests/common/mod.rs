//! The integration tests' harness: the real `llk-server` binary started on port 0 over a
//! fresh SQLite file and a fresh PostgreSQL database (`LLK_TEST_PG`, set by
//! `tests/server/pg.sh`; required when `CI` is set), HTTP over real sockets, valid claims
//! sealed with `llk_online::seal` from the day's deal's winning line.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use llk_engine::classic::{solve, Budget, Verdict};
use llk_engine::code::daily::UtcDate;
use llk_engine::line::{ClassicStep, StackStep};
use llk_online::{seal, Claim, Envelope, Mode, Moves};
use llk_server::store::{self, Stored};
use llk_server::verify::{Deals, Start};
use serde_json::Value;

pub const TODAY: &str = "2026-12-04";
pub const YESTERDAY: &str = "2026-12-03";

/// A database to run a case on.
#[derive(Clone, Debug)]
pub struct Db {
    pub url: String,
    pub kind: &'static str,
    _dir: Option<std::sync::Arc<tempfile::TempDir>>,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

pub fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A fresh SQLite file and, when `LLK_TEST_PG` is set, a fresh PostgreSQL database.
/// Without `LLK_TEST_PG`, fails under CI (`CI` set) and runs SQLite alone otherwise.
pub fn databases() -> Vec<Db> {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut dbs = vec![Db {
        url: format!("sqlite://{}", dir.path().join("llk.db").display()),
        kind: "sqlite",
        _dir: Some(std::sync::Arc::new(dir)),
    }];
    match std::env::var("LLK_TEST_PG") {
        Ok(admin) if !admin.is_empty() => dbs.push(fresh_pg(&admin)),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but LLK_TEST_PG is not: run the server's tests through \
                 tests/server/pg.sh (make test-server)"
            );
            eprintln!("LLK_TEST_PG unset: PostgreSQL cases skipped (make test-server runs them)");
        }
    }
    dbs
}

fn fresh_pg(admin: &str) -> Db {
    let name = format!(
        "llk_t{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    );
    rt().block_on(async {
        let (client, conn) = tokio_postgres::connect(admin, tokio_postgres::NoTls)
            .await
            .expect("LLK_TEST_PG connects");
        tokio::spawn(conn);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a test database");
    });
    let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(admin);
    Db {
        url: format!("{base}/{name}"),
        kind: "postgres",
        _dir: None,
    }
}

/// A running `llk-server`.
pub struct Server {
    child: Child,
    pub base: String,
    pub db: Db,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// The server on `db` with no rate limits, today = [`TODAY`].
    pub fn start(db: &Db) -> Server {
        Server::start_with(db, &[])
    }

    /// The same with extra environment (e.g. limits).
    pub fn start_with(db: &Db, env: &[(&str, &str)]) -> Server {
        let web = web_dir();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_llk-server"));
        cmd.env("LLK_DB", &db.url)
            .env("LLK_ADDR", "127.0.0.1:0")
            .env("LLK_WEB_DIR", web)
            .env("LLK_TODAY", TODAY)
            .env("LLK_KEY_SUBMITS_PER_MIN", "0")
            .env("LLK_IP_WRITES_PER_MIN", "0")
            .env("LLK_IP_READS_PER_MIN", "0")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("llk-server starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("a first line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server {
            child,
            base,
            db: db.clone(),
        }
    }

    pub fn post(&self, path: &str, body: &[u8]) -> Reply {
        let r = ureq::post(&format!("{}{path}", self.base))
            .set("Content-Type", "application/json")
            .timeout(Duration::from_secs(60))
            .send_bytes(body);
        Reply::of(r)
    }

    /// A POST that announces its body with `Expect: 100-continue` and sends it only if
    /// asked (a server that refuses a large body before reading it answers at once).
    pub fn post_announced(&self, path: &str, body: &[u8]) -> Reply {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let answer = self.raw(head.as_bytes());
        let status = answer.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        assert_ne!(status, 100, "the server asked for the body: {answer}");
        let text = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        Reply {
            status,
            retry_after: None,
            content_type: None,
            content_encoding: None,
            body: serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
            text,
        }
    }

    pub fn submit(&self, e: &Envelope) -> Reply {
        self.post(
            "/api/v1/results",
            &serde_json::to_vec(e).expect("an envelope"),
        )
    }

    pub fn get(&self, path: &str) -> Reply {
        let r = ureq::get(&format!("{}{path}", self.base))
            .timeout(Duration::from_secs(60))
            .call();
        Reply::of(r)
    }

    /// Every stored submission, read from the database itself.
    pub fn stored(&self) -> Vec<Stored> {
        stored(&self.db)
    }

    pub fn addr(&self) -> String {
        self.base.trim_start_matches("http://").to_string()
    }

    /// A raw request over a socket (for what a client library will not send); the status.
    pub fn raw(&self, request: &[u8]) -> String {
        let mut s = TcpStream::connect(self.addr()).expect("connects");
        s.set_read_timeout(Some(Duration::from_secs(30))).ok();
        s.write_all(request).expect("writes");
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = s.read(&mut buf) {
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

pub fn stored(db: &Db) -> Vec<Stored> {
    rt().block_on(async {
        let s = store::open(&db.url).await.expect("the store opens");
        s.submissions().await.expect("submissions")
    })
}

/// An empty web build with a page, a wasm module and its gzip twin.
fn web_dir() -> String {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let d = DIR.get_or_init(|| {
        let d = tempfile::tempdir().expect("a temp dir");
        std::fs::write(
            d.path().join("index.html"),
            "<!doctype html><title>llk</title>",
        )
        .expect("writes");
        std::fs::write(d.path().join("llk.wasm"), b"\0asm\x01\0\0\0").expect("writes");
        std::fs::write(d.path().join("big.js"), "x".repeat(5000)).expect("writes");
        // A stand-in for a gzip twin: ServeDir sends it as is with Content-Encoding.
        std::fs::write(d.path().join("big.js.gz"), b"GZIPPED").expect("writes");
        d
    });
    d.path().display().to_string()
}

/// An HTTP answer: status, Retry-After and the JSON body (Null when not JSON).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub retry_after: Option<String>,
    pub content_type: Option<String>,
    pub content_encoding: Option<String>,
    pub body: Value,
    pub text: String,
}

impl Reply {
    fn of(r: Result<ureq::Response, ureq::Error>) -> Reply {
        let resp = match r {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("transport: {e}"),
        };
        let status = resp.status();
        let retry_after = resp.header("retry-after").map(str::to_string);
        let content_type = resp.header("content-type").map(str::to_string);
        let content_encoding = resp.header("content-encoding").map(str::to_string);
        let text = resp.into_string().unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply {
            status,
            retry_after,
            content_type,
            content_encoding,
            body,
            text,
        }
    }

    /// The error code of a refusal.
    pub fn code(&self) -> &str {
        self.body["error"].as_str().unwrap_or("")
    }
}

/// The deals of the test dates, dealt once per test binary.
pub fn deals() -> &'static Deals {
    static D: OnceLock<Deals> = OnceLock::new();
    D.get_or_init(Deals::new)
}

pub fn date(s: &str) -> UtcDate {
    UtcDate::parse(s).expect("a date")
}

/// The winning classic line of `date`'s deal: the solver's certificate, `gap` ms apart.
pub fn classic_line(day: &str, gap: u64) -> Vec<ClassicStep> {
    let start = deals().start(date(day), Mode::Classic).expect("dealt");
    let Start::Classic(game) = &*start else {
        panic!("not classic")
    };
    let Verdict::Solvable(moves) = solve(game.board(), Budget::DEFAULT) else {
        panic!("the daily deal is solvable")
    };
    moves
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| ClassicStep::matched(gap * (i as u64 + 1), a, b))
        .collect()
}

/// The winning stack line of `date`'s deal: its certificate, `gap` ms apart.
pub fn stack_line(day: &str, gap: u64) -> Vec<StackStep> {
    let start = deals().start(date(day), Mode::Stack).expect("dealt");
    let Start::Stack(game) = &*start else {
        panic!("not stack")
    };
    game.certificate()
        .iter()
        .enumerate()
        .map(|(i, &id)| StackStep::took(gap * (i as u64 + 1), id))
        .collect()
}

/// A claim of `moves` on `day` by `name`; `time_ms` is the last move's time.
pub fn claim(day: &str, name: &str, moves: Moves) -> Claim {
    let time_ms = match &moves {
        Moves::Classic(m) => m.last().map(|s| s.t).unwrap_or(0),
        Moves::Stack(m) => m.last().map(|s| s.t).unwrap_or(0),
    };
    let mode = match &moves {
        Moves::Classic(_) => Mode::Classic,
        Moves::Stack(_) => Mode::Stack,
    };
    Claim {
        v: 1,
        key: String::new(),
        name: name.to_string(),
        date: day.to_string(),
        mode,
        auto_shuffle: false,
        time_ms,
        moves,
    }
}

/// Player `n`'s secret key.
pub fn secret(n: u8) -> [u8; 32] {
    let mut s = [0x5au8; 32];
    s[0] = n;
    s
}

/// A sealed winning classic claim of today by player `n`, moves `gap` ms apart.
pub fn classic_win(n: u8, name: &str, gap: u64) -> Envelope {
    seal(
        &claim(TODAY, name, Moves::Classic(classic_line(TODAY, gap))),
        &secret(n),
    )
}

pub fn body(e: &Envelope) -> Vec<u8> {
    serde_json::to_vec(e).expect("an envelope")
}

/// Runs `case` on every database.
pub fn each_db(case: impl Fn(&Db)) {
    for db in databases() {
        eprintln!("-- on {}", db.kind);
        case(&db);
    }
}

/// `payload` signed by `secret` exactly as sent (for payloads `seal` cannot make).
pub fn sign_payload(payload: &str, secret: &[u8; 32]) -> Envelope {
    use ed25519_dalek::{Signer, SigningKey};
    let key = SigningKey::from_bytes(secret);
    let mut bytes = llk_online::SIGNING_CONTEXT.to_vec();
    bytes.extend_from_slice(payload.as_bytes());
    Envelope {
        payload: payload.to_string(),
        key: llk_online::hex::encode(key.verifying_key().as_bytes()),
        sig: llk_online::hex::encode(&key.sign(&bytes).to_bytes()),
    }
}
