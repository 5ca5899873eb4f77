//! Words joining two clauses of a message ("and", "pero"): where a question's second
//! part starts, and where the words naming who a message quotes can begin.

use lantern_core::word_list;
use std::sync::LazyLock;

/// Words joining two clauses of a question ("and", "pero"),
/// `words/<locale>/clause-joiners.txt`, normalised.
pub(crate) static CLAUSE_JOINERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("clause-joiners").collect());
