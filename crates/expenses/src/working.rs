//! The arithmetic behind an amount the app computed from the ones the student stated
//! (so many at a price each, a bill split, a refund taken off), kept with a proposal and
//! shown with it.

use super::money::Money;
use super::unread::share_of;
use serde::{Deserialize, Serialize};

/// How the app computed an amount from the ones the student stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Working {
    /// So many things at a price each.
    Times {
        /// How many.
        count: u32,
        /// The price of one.
        price: Money,
    },
    /// A bill split evenly, the student's part.
    Split {
        /// The whole bill.
        total: Money,
        /// Between how many people, the student included.
        parts: u32,
    },
    /// Money given back, taken off what was paid.
    Refund {
        /// What was paid.
        before: Money,
        /// What came back.
        refund: Money,
    },
}

impl Working {
    /// The amount this arithmetic gives (rounded to the nearest minor unit).
    pub fn result(&self) -> Money {
        match *self {
            Self::Times { count, price } => Money {
                minor: price.minor.saturating_mul(i64::from(count)),
                currency: price.currency,
            },
            Self::Split { total, parts } => Money {
                minor: share_of(total.minor, parts),
                currency: total.currency,
            },
            Self::Refund { before, refund } => Money {
                minor: before.minor.saturating_sub(refund.minor),
                currency: before.currency,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;

    fn pounds(minor: i64) -> Money {
        Money {
            minor,
            currency: Currency::Gbp,
        }
    }

    #[test]
    fn each_working_gives_its_amount() {
        let times = Working::Times {
            count: 3,
            price: pounds(250),
        };
        assert_eq!(times.result(), pounds(750));
        let split = Working::Split {
            total: pounds(9000),
            parts: 3,
        };
        assert_eq!(split.result(), pounds(3000));
        let refund = Working::Refund {
            before: pounds(1600),
            refund: pounds(500),
        };
        assert_eq!(refund.result(), pounds(1100));
    }
}
