//! Profiles: which engine's answers to give. One evaluator serves them
//! all; where the engines differ (their HCL and go-cty versions, their
//! function tables), the stages ask the profile. A leaf, like the limits.

use std::fmt;

/// An engine whose behaviour the evaluator reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Profile {
    /// Terraform, the newest stable release (hcl 2.24, go-cty 1.18): the
    /// default.
    #[default]
    Terraform,
    /// OpenTofu, the newest stable release (its fork of hcl 2.20, go-cty
    /// 1.18).
    OpenTofu,
    /// hcl 2.14.1 with go-cty 1.12.1 and the function library of 2022
    /// (about Terraform 1.3): the reference the first golden cases were
    /// recorded with.
    Hcl214,
}

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 3] = [Profile::Terraform, Profile::OpenTofu, Profile::Hcl214];

    /// The name the command line, the WebAssembly API and share links use.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Terraform => "terraform",
            Profile::OpenTofu => "opentofu",
            Profile::Hcl214 => "hcl-2.14",
        }
    }

    /// The profile called `name`.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The engine and library versions the profile answers as.
    pub fn engine(self) -> &'static str {
        match self {
            Profile::Terraform => "Terraform v1.16.4 (hcl v2.24.0, go-cty v1.18.1)",
            Profile::OpenTofu => "OpenTofu v1.12.6 (hcl v2.20 fork, go-cty v1.18.0)",
            Profile::Hcl214 => "hcl v2.14.1, go-cty v1.12.1 (2022)",
        }
    }

    /// The 2022 libraries: no refinements, no short-circuit, older messages.
    pub fn is_legacy(self) -> bool {
        self == Profile::Hcl214
    }

    /// The Unicode version of the engine's Go libraries: what NFC, grapheme
    /// clusters, case mappings and `%q` quoting follow.
    pub fn unicode(self) -> crate::text::unicode::Version {
        match self {
            Profile::Hcl214 => crate::text::unicode::Version::Unicode13,
            Profile::Terraform | Profile::OpenTofu => crate::text::unicode::Version::Unicode15,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
