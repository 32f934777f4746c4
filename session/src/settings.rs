//! The player's preferences: the interface language, whether new games shuffle a stuck
//! board automatically, sound on or off, and whether the first-launch rule was seen. Over IPC every field is required and unknown ones are refused;
//! the saved `settings.json` is read leniently (missing fields take their defaults, unknown
//! ones are ignored) so files from older and newer builds keep loading.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// File name in the data directory.
pub const FILE: &str = "settings.json";

/// Interface language; `auto` follows the system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum Language {
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "zh-Hans")]
    ZhHans,
    #[serde(rename = "zh-Hant")]
    ZhHant,
    #[serde(rename = "en")]
    En,
}

/// The player's preferences.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub language: Language,
    /// Default for new games' `auto_shuffle` option.
    pub auto_shuffle: bool,
    /// Sound effects off (`true`) or on (`false`); `null` follows the system: off when
    /// it prefers reduced motion (the view decides, it knows the system's preference).
    pub muted: Option<bool>,
    /// The first-launch rule and demo were dismissed: never shown again.
    pub intro_seen: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::Auto,
            auto_shuffle: true,
            muted: None,
            intro_seen: false,
        }
    }
}

impl Settings {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Settings, String> {
        let file: SettingsFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let defaults = Settings::default();
        Ok(Settings {
            language: file.language.unwrap_or(defaults.language),
            auto_shuffle: file.auto_shuffle.unwrap_or(defaults.auto_shuffle),
            muted: file.muted.unwrap_or(defaults.muted),
            intro_seen: file.intro_seen.unwrap_or(defaults.intro_seen),
        })
    }
}

/// The lenient on-disk form.
#[derive(Deserialize)]
struct SettingsFile {
    #[serde(default)]
    language: Option<Language>,
    #[serde(default)]
    auto_shuffle: Option<bool>,
    /// `null` in the file is "follow the system", like a missing field.
    #[serde(default)]
    muted: Option<Option<bool>>,
    #[serde(default)]
    intro_seen: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_form_is_lenient_ipc_form_is_strict() {
        let s = Settings::from_json(r#"{"language":"zh-Hant","future":1}"#).expect("parse");
        assert_eq!(s.language, Language::ZhHant);
        assert!(s.auto_shuffle);
        assert!(serde_json::from_str::<Settings>(r#"{"language":"en"}"#).is_err());
        assert!(Settings::from_json(r#"{"language":"klingon"}"#).is_err());
        assert_eq!((s.muted, s.intro_seen), (None, false));
        let s = Settings {
            language: Language::En,
            auto_shuffle: false,
            muted: Some(true),
            intro_seen: true,
        };
        assert_eq!(Settings::from_json(&s.to_json()), Ok(s));
        let unmuted = Settings::from_json(r#"{"muted":false}"#).expect("parse");
        assert_eq!(unmuted.muted, Some(false));
    }
}
