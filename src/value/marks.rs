//! Marks: annotations that follow a value through every operation derived
//! from it, as go-cty's value marks do. Terraform uses two that show in
//! results: sensitive (the console prints `(sensitive value)`) and
//! ephemeral (`(ephemeral value)`, Terraform 1.10 and OpenTofu 1.11).

use std::ops::{BitOr, BitOrAssign};

/// A set of marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks(u8);

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks(0);
    /// Terraform's `marks.Sensitive`.
    pub const SENSITIVE: Marks = Marks(1);
    /// Terraform's `marks.Ephemeral`.
    pub const EPHEMERAL: Marks = Marks(2);
    /// The playground's own mark, never shown: an unknown that a real plan
    /// knows, read from a provider's API by a data source the playground
    /// cannot call. A `count` or `for_each` that is unknown only through it
    /// is not Terraform's error.
    pub const PLAN_READ: Marks = Marks(4);

    /// Whether there is no mark.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every mark of `other` is here.
    pub fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }

    /// These marks without those of `other`.
    pub fn without(self, other: Marks) -> Marks {
        Marks(self.0 & !other.0)
    }

    /// How go-cty's `GoString` names the marks (`marks.Sensitive`, ...), in
    /// a stable order.
    pub fn go_names(self) -> Vec<&'static str> {
        [(Marks::SENSITIVE, "marks.Sensitive"), (Marks::EPHEMERAL, "marks.Ephemeral")]
            .into_iter()
            .filter(|(m, _)| self.contains(*m))
            .map(|(_, n)| n)
            .collect()
    }
}

impl BitOr for Marks {
    type Output = Marks;
    fn bitor(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }
}

impl BitOrAssign for Marks {
    fn bitor_assign(&mut self, other: Marks) {
        self.0 |= other.0;
    }
}
