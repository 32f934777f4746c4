//! The player's online identity, kept with the save as `identity.json`: the Ed25519 secret
//! key (made on first use from the host's entropy), the display name, whether winning
//! daily games are posted (opt-in), and the desktop's server address. A damaged file is
//! set aside like any other (see `load.rs`) and a new key is made at the next use.
//! `{ "version": 1, "secret": "<64 hex>", "name": "", "posting": false, "server": "" }`

use llk_online::hex;
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::host::Host;

/// File name in the data directory.
pub const FILE: &str = "identity.json";

const VERSION: u32 = 1;

/// Longest server address accepted.
pub const MAX_SERVER_CHARS: usize = 200;

/// The identity file's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    version: u32,
    /// The Ed25519 secret key, 64 hex digits.
    secret: String,
    /// The display name (checked, NFC), empty until chosen.
    #[serde(default)]
    pub name: String,
    /// Posting won daily games is on (the player's opt-in).
    #[serde(default)]
    pub posting: bool,
    /// The desktop's server (`http(s)://host[:port][/prefix]`), empty for none.
    #[serde(default)]
    pub server: String,
}

impl Identity {
    /// A new identity: a secret of 32 bytes from four of the host's random numbers.
    pub fn generate(host: &dyn Host) -> Identity {
        let mut secret = [0u8; 32];
        for chunk in secret.chunks_mut(8) {
            chunk.copy_from_slice(&host.random_u64().to_le_bytes());
        }
        Identity {
            version: VERSION,
            secret: hex::encode(&secret),
            name: String::new(),
            posting: false,
            server: String::new(),
        }
    }

    /// The secret key's bytes.
    pub fn secret(&self) -> [u8; 32] {
        // Checked when read (`from_json`) and made well-formed (`generate`).
        hex::decode::<32>(&self.secret).unwrap_or([0; 32])
    }

    /// The public key, 64 lowercase hex digits: the player, as the server knows them.
    pub fn public_key(&self) -> String {
        llk_online::envelope::public_key(&self.secret())
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The identity in `text`, checked: its version, a 32-byte secret, a valid name (or
    /// none) and a valid server address (or none).
    pub fn from_json(text: &str) -> Result<Identity, String> {
        let id: Identity = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if id.version != VERSION {
            return Err(format!(
                "the identity has format version {}; this build reads version {VERSION}",
                id.version
            ));
        }
        if hex::decode::<32>(&id.secret).is_none() {
            return Err("the secret key is not 64 hex digits".into());
        }
        check_name_or_empty(&id.name).map_err(|e| e.to_string())?;
        check_server(&id.server).map_err(|e| e.to_string())?;
        Ok(id)
    }
}

/// The name as stored: empty (not chosen), or `llk_online::check_name`'s form; else
/// `bad_name`.
pub fn check_name_or_empty(name: &str) -> AppResult<String> {
    if name.is_empty() {
        return Ok(String::new());
    }
    llk_online::check_name(name).map_err(AppError::BadName)
}

/// The server address as stored: empty (no network), or an `http://` or `https://` URL
/// with a host, no credentials, query or fragment (a trailing `/` dropped); else
/// `bad_server`.
pub fn check_server(server: &str) -> AppResult<String> {
    let s = server.trim();
    if s.is_empty() {
        return Ok(String::new());
    }
    let bad = |why: &str| AppError::BadServer(format!("the server address {why}"));
    if s.chars().count() > MAX_SERVER_CHARS {
        return Err(bad(&format!(
            "is longer than {MAX_SERVER_CHARS} characters"
        )));
    }
    if s.chars()
        .any(|c| c.is_whitespace() || c.is_control() || !c.is_ascii())
    {
        return Err(bad("holds spaces, control or non-ASCII characters"));
    }
    let lower = s.to_ascii_lowercase();
    let (scheme, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        ("https://", &s[s.len() - rest.len()..])
    } else if let Some(rest) = lower.strip_prefix("http://") {
        ("http://", &s[s.len() - rest.len()..])
    } else {
        return Err(bad("must start with http:// or https://"));
    };
    if rest.contains(['?', '#']) {
        return Err(bad("may not have a query or fragment"));
    }
    let authority = rest.split('/').next().unwrap_or_default();
    if authority.contains('@') {
        return Err(bad("may not hold a user name or password"));
    }
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !authority.ends_with(']') => {
            if port.is_empty() || port.parse::<u16>().is_err() {
                return Err(bad("has a bad port"));
            }
            host
        }
        _ => authority,
    };
    if host.is_empty() {
        return Err(bad("has no host"));
    }
    Ok(format!("{scheme}{}", rest.trim_end_matches('/')))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::FixedHost;

    #[test]
    fn an_identity_round_trips_and_its_key_is_the_secrets() {
        let id = Identity::generate(&FixedHost::new(0, 5));
        assert_eq!(id.public_key().len(), 64);
        assert_eq!(Identity::from_json(&id.to_json()), Ok(id.clone()));
        let other = Identity::generate(&FixedHost::new(0, 6));
        assert_ne!(other.public_key(), id.public_key());
        let bad = id.to_json().replace(&id.secret, "zz");
        assert!(Identity::from_json(&bad).is_err());
        let v2 = id.to_json().replace("\"version\": 1", "\"version\": 2");
        assert!(Identity::from_json(&v2).is_err());
        let named = Identity {
            name: "a\u{0}b".into(),
            ..id
        };
        assert!(Identity::from_json(&named.to_json()).is_err());
    }

    #[test]
    fn names_are_checked_or_empty() {
        assert_eq!(check_name_or_empty("").ok().as_deref(), Some(""));
        assert_eq!(check_name_or_empty(" Ada ").ok().as_deref(), Some("Ada"));
        for bad in ["   ", "a\nb", &"x".repeat(21)] {
            let e = check_name_or_empty(bad).expect_err(bad);
            assert_eq!(e.code(), "bad_name", "{bad:?}");
        }
    }

    #[test]
    fn servers_are_http_urls_without_credentials() {
        let ok = |s: &str| check_server(s).ok();
        assert_eq!(ok("").as_deref(), Some(""));
        assert_eq!(ok("  ").as_deref(), Some(""));
        assert_eq!(
            ok("https://llk.example.org/").as_deref(),
            Some("https://llk.example.org")
        );
        assert_eq!(
            ok("HTTP://127.0.0.1:8080/game").as_deref(),
            Some("http://127.0.0.1:8080/game")
        );
        assert_eq!(ok("http://[::1]:9/").as_deref(), Some("http://[::1]:9"));
        for bad in [
            "ftp://x.org",
            "x.org",
            "https://",
            "https://user:pw@x.org",
            "https://x.org?a=1",
            "https://x.org/#f",
            "https://x.org:99999",
            "https://x.org:",
            "https://x .org",
            "https://é.org",
            &format!("https://{}.org", "x".repeat(300)),
        ] {
            let e = check_server(bad).expect_err(bad);
            assert_eq!(e.code(), "bad_server", "{bad:?}");
        }
    }
}
