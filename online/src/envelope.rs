//! The signed envelope `{"payload", "key", "sig"}`: the Ed25519 signature by `key` of
//! [`SIGNING_CONTEXT`] followed by the payload's bytes exactly as sent. [`seal`] makes one
//! (the app), [`open`] checks one and returns its claim (the server).

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::answer::{ApiError, ErrorCode};
use crate::claim::Claim;
use crate::hex;

/// Prefixed to the payload before signing, so a signature made for anything else (another
/// protocol, a later version) never verifies here.
pub const SIGNING_CONTEXT: &[u8] = b"llk-result-v1\n";

/// A signed request body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Envelope {
    pub payload: String,
    pub key: String,
    pub sig: String,
}

/// The public key (64 hex digits) of the secret key `secret`.
pub fn public_key(secret: &[u8; 32]) -> String {
    hex::encode(SigningKey::from_bytes(secret).verifying_key().as_bytes())
}

/// `claim` signed with `secret`; the claim's `key` is set to `secret`'s public key.
pub fn seal(claim: &Claim, secret: &[u8; 32]) -> Envelope {
    let signing = SigningKey::from_bytes(secret);
    let key = hex::encode(signing.verifying_key().as_bytes());
    let claim = Claim {
        key: key.clone(),
        ..claim.clone()
    };
    let payload = claim.to_json();
    let sig = signing.sign(&signed_bytes(&payload));
    Envelope {
        payload,
        key,
        sig: hex::encode(&sig.to_bytes()),
    }
}

/// An envelope whose signature checked, with its claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    pub claim: Claim,
    /// The payload exactly as signed, and the signature in lowercase hex: enough to check it
    /// again.
    pub payload: String,
    pub sig: String,
}

/// The claim of a request body, once its signature is checked: `bad_json`, `bad_key` or
/// `bad_signature` otherwise. The claim's key is returned in lowercase.
pub fn open(body: &[u8]) -> Result<Claim, ApiError> {
    open_envelope(body).map(|o| o.claim)
}

/// [`open`], keeping the signed payload and signature (the server stores them, and parsing
/// the body once is cheaper than twice).
pub fn open_envelope(body: &[u8]) -> Result<Opened, ApiError> {
    let envelope: Envelope = serde_json::from_slice(body)
        .map_err(|e| ApiError::new(ErrorCode::BadJson, format!("the body: {e}")))?;
    let bad_key = |what: &str| ApiError::new(ErrorCode::BadKey, what.to_string());
    let key_bytes =
        hex::decode::<32>(&envelope.key).ok_or_else(|| bad_key("key: 64 hex digits expected"))?;
    let sig_bytes =
        hex::decode::<64>(&envelope.sig).ok_or_else(|| bad_key("sig: 128 hex digits expected"))?;
    let key = VerifyingKey::from_bytes(&key_bytes)
        .map_err(|_| bad_key("key: not an Ed25519 public key"))?;
    if key.is_weak() {
        return Err(bad_key("key: a weak Ed25519 public key"));
    }
    let sig = Signature::from_bytes(&sig_bytes);
    key.verify_strict(&signed_bytes(&envelope.payload), &sig)
        .map_err(|_| ApiError::new(ErrorCode::BadSignature, "the signature does not verify"))?;
    let mut claim = Claim::parse(&envelope.payload)?;
    if !claim.key.eq_ignore_ascii_case(&envelope.key) {
        return Err(ApiError::new(
            ErrorCode::BadSignature,
            "the claim names another key than the one that signed it",
        ));
    }
    claim.key = hex::encode(&key_bytes);
    Ok(Opened {
        claim,
        payload: envelope.payload,
        sig: envelope.sig.to_ascii_lowercase(),
    })
}

fn signed_bytes(payload: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(SIGNING_CONTEXT.len() + payload.len());
    bytes.extend_from_slice(SIGNING_CONTEXT);
    bytes.extend_from_slice(payload.as_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::{Mode, Moves};
    use llk_engine::line::StackStep;

    fn claim() -> Claim {
        Claim {
            v: 1,
            key: String::new(),
            name: "Ada".into(),
            date: "2026-12-04".into(),
            mode: Mode::Stack,
            auto_shuffle: false,
            time_ms: 300,
            moves: Moves::Stack(vec![StackStep::took(300, 17)]),
        }
    }

    fn body(e: &Envelope) -> Vec<u8> {
        serde_json::to_vec(e).unwrap()
    }

    #[test]
    fn a_sealed_claim_opens_and_any_change_breaks_it() {
        let secret = [7u8; 32];
        let e = seal(&claim(), &secret);
        let opened = open(&body(&e)).unwrap();
        let upper = Envelope {
            sig: e.sig.to_ascii_uppercase(),
            ..e.clone()
        };
        let kept = open_envelope(&body(&upper)).unwrap();
        assert_eq!(
            (kept.payload.as_str(), kept.sig.as_str()),
            (e.payload.as_str(), e.sig.as_str())
        );
        assert_eq!(kept.claim, opened);
        assert_eq!(opened.key, public_key(&secret));
        assert_eq!(opened.moves, claim().moves);

        let changed = Envelope {
            payload: e.payload.replace("300", "200"),
            ..e.clone()
        };
        assert_eq!(
            open(&body(&changed)).unwrap_err().error,
            ErrorCode::BadSignature
        );

        // Another player's signature on this payload.
        let other = seal(&claim(), &[9u8; 32]);
        let moved = Envelope {
            sig: other.sig.clone(),
            ..e.clone()
        };
        assert_eq!(
            open(&body(&moved)).unwrap_err().error,
            ErrorCode::BadSignature
        );
        // Another player's key and signature over a payload naming the first key.
        let swapped = Envelope {
            payload: e.payload.clone(),
            key: other.key.clone(),
            sig: other.sig.clone(),
        };
        assert_eq!(
            open(&body(&swapped)).unwrap_err().error,
            ErrorCode::BadSignature
        );
        // The other player's own payload, re-signed by them, naming the first key.
        let claim_first = Claim {
            key: e.key.clone(),
            ..claim()
        };
        let forged = Envelope {
            payload: claim_first.to_json(),
            key: other.key.clone(),
            sig: other.sig.clone(),
        };
        assert_eq!(
            open(&body(&forged)).unwrap_err().error,
            ErrorCode::BadSignature
        );
    }

    #[test]
    fn malformed_envelopes_have_their_codes() {
        assert_eq!(open(b"{").unwrap_err().error, ErrorCode::BadJson);
        assert_eq!(open(b"[]").unwrap_err().error, ErrorCode::BadJson);
        let e = seal(&claim(), &[7u8; 32]);
        let short = Envelope {
            key: e.key[2..].to_string(),
            ..e.clone()
        };
        assert_eq!(open(&body(&short)).unwrap_err().error, ErrorCode::BadKey);
        let badsig = Envelope {
            sig: "zz".repeat(64),
            ..e.clone()
        };
        assert_eq!(open(&body(&badsig)).unwrap_err().error, ErrorCode::BadKey);
        let zero_sig = Envelope {
            sig: "00".repeat(64),
            ..e
        };
        assert_eq!(
            open(&body(&zero_sig)).unwrap_err().error,
            ErrorCode::BadSignature
        );
    }
}
