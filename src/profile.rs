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
    /// Waypoint 0.11.4, its last release (hcl v2.10.1-0.20210621, go-cty
    /// 1.8.4): its own function table and the named values its stages set
    /// (`path`, `workspace`, `app`, `labels`, `artifact`, ...).
    Waypoint,
}

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 4] = [Profile::Terraform, Profile::OpenTofu, Profile::Hcl214, Profile::Waypoint];

    /// The name the command line, the WebAssembly API and share links use.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Terraform => "terraform",
            Profile::OpenTofu => "opentofu",
            Profile::Hcl214 => "hcl-2.14",
            Profile::Waypoint => "waypoint",
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
            Profile::Waypoint => "Waypoint v0.11.4 (hcl v2.10.1-0.20210621, go-cty v1.8.4)",
        }
    }

    /// The libraries of 2022 and before (the hcl-2.14 profile, and
    /// Waypoint's older still): no refinements, no short-circuit, older
    /// messages.
    pub fn is_legacy(self) -> bool {
        matches!(self, Profile::Hcl214 | Profile::Waypoint)
    }

    /// Waypoint's hcl of June 2021 and go-cty 1.8.4, older than the legacy
    /// profile's: where they differ from hcl 2.14.1 and go-cty 1.12.1.
    pub fn is_waypoint(self) -> bool {
        self == Profile::Waypoint
    }

    /// The Unicode version of the engine's Go libraries: what NFC, grapheme
    /// clusters, case mappings and `%q` quoting follow.
    pub fn unicode(self) -> crate::text::unicode::Version {
        match self {
            Profile::Hcl214 | Profile::Waypoint => crate::text::unicode::Version::Unicode13,
            Profile::Terraform | Profile::OpenTofu => crate::text::unicode::Version::Unicode15,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
