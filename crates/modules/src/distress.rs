//! Distress: a student at the end of their strength ("no sirvo para nada", "I give
//! up") gets the module's support message before anything else. The phrases are a
//! word list (`crates/modules/words/<locale>/distress.txt`) that a school extends
//! without a build with its own file in the data folder ([`crate::distress_file`]),
//! read when a module turn is taken; a bad file is refused whole with a coded error,
//! and the built-in list stays.

use super::distress_file::{read_bytes, read_file, DistressWordsError, Phrase};
use super::keywords::Keyword;
use lantern_core::word_list;
use std::path::Path;
use std::sync::{Arc, LazyLock, RwLock};

/// The built-in phrases, every language's.
static BUILT_IN: LazyLock<Vec<Keyword>> =
    LazyLock::new(|| word_list!("distress").filter_map(Keyword::parse).collect());

/// The school's phrases in use: its file as last read (none until it is).
static IN_USE: LazyLock<RwLock<Arc<Vec<Phrase>>>> = LazyLock::new(RwLock::default);

fn put_in_use(phrases: Vec<Phrase>) {
    match IN_USE.write() {
        Ok(mut in_use) => *in_use = Arc::new(phrases),
        Err(poisoned) => *poisoned.into_inner() = Arc::new(phrases),
    }
}

fn school_phrases() -> Arc<Vec<Phrase>> {
    match IN_USE.read() {
        Ok(phrases) => Arc::clone(&phrases),
        Err(poisoned) => Arc::clone(&poisoned.into_inner()),
    }
}

/// Puts `read`, the school's phrases as just read, in use from now on: how many it
/// adds. A refused file adds none until it is fixed.
fn put_read_in_use(
    read: Result<Vec<Phrase>, DistressWordsError>,
) -> Result<usize, DistressWordsError> {
    put_in_use(read.clone().unwrap_or_default());
    read.map(|p| p.len())
}

/// Uses `bytes`, the school's file as just read (None when there is none), from now on:
/// how many phrases it adds. A bad file is refused whole and none of its phrases is used
/// until it is fixed.
pub fn use_file(bytes: Option<&[u8]>) -> Result<usize, DistressWordsError> {
    put_read_in_use(read_bytes(bytes))
}

/// Reads the school's file in `data_dir` ([`read_file`]: bounded, a plain file only)
/// and puts its phrases in use: how many it adds, or why it was refused. No file is no
/// phrase.
pub fn load_from(data_dir: &Path) -> Result<usize, DistressWordsError> {
    put_read_in_use(read_file(data_dir))
}

/// Whether the normalised words `said` hold a distress phrase, built-in or the
/// school's.
pub fn is_distress(said: &[&str]) -> bool {
    BUILT_IN.iter().any(|k| k.occurs_in(said))
        || school_phrases().iter().any(|p| p.keyword.occurs_in(said))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distress_file::FILE_NAME;
    use lantern_core::text::normalize::normalize;
    use lantern_core::text::normalize::words;

    fn distress(text: &str) -> bool {
        let normal = normalize(text);
        is_distress(&words(&normal))
    }

    #[test]
    fn no_sirvo_para_nada_is_distress() {
        assert!(distress("no sirvo para nada"));
    }

    #[test]
    fn im_useless_is_distress() {
        assert!(distress("I'm useless"));
    }

    #[test]
    fn i_cant_do_this_anymore_is_distress() {
        assert!(distress("I can't do this anymore"));
    }

    #[test]
    fn quiero_rendirme_is_distress() {
        assert!(distress("quiero rendirme"));
    }

    #[test]
    fn agobiadisimo_y_no_puedo_mas_is_distress() {
        assert!(distress("estoy agobiadísimo y no puedo más"));
    }

    #[test]
    fn me_rindo_is_distress() {
        assert!(distress("he suspendido otra vez, me rindo"));
    }

    #[test]
    fn no_valgo_para_estudiar_is_distress() {
        assert!(distress("no valgo para estudiar"));
    }

    #[test]
    fn ya_no_puedo_mas_con_todo_is_distress() {
        assert!(distress("ya no puedo más con todo"));
    }

    #[test]
    fn i_give_up_im_too_stupid_is_distress() {
        assert!(distress("I give up, I'm just too stupid"));
    }

    #[test]
    fn distress_as_students_text_it_is_distress() {
        for text in [
            "i feel like giving up on everything",
            "honestly im so done",
            "i hate my life rn",
            "im not good enough for this",
            "no puedo con todo",
            "me doy asco",
            "todo me sale mal",
            "¿para qué sigo?",
        ] {
            assert!(distress(text), "{text}");
        }
    }

    #[test]
    fn a_question_about_the_point_of_a_task_is_not_distress() {
        assert!(!distress("what's the point of a warrant?"));
        assert!(!distress("no aguanto el olor del comedor"));
    }

    #[test]
    fn a_mild_worry_is_not_distress() {
        assert!(!distress("este tema me agobia un poco"));
    }

    #[test]
    fn a_little_tired_is_not_distress() {
        assert!(!distress("estoy un poco cansado"));
    }

    #[test]
    fn a_schools_phrase_counts_until_its_file_is_refused() {
        // One test: the phrases in use are shared.
        assert!(!distress("estoy hecho polvo"));
        assert_eq!(
            use_file(Some("# centro\nestoy hecho polvo\n".as_bytes())),
            Ok(1)
        );
        assert!(distress("hoy estoy hecho polvo"));
        let bad = use_file(Some(b"ok phrase\n***\n")).unwrap_err();
        assert_eq!(bad, DistressWordsError::BadPhrase(2));
        assert!(!distress("hoy estoy hecho polvo"));
        assert_eq!(use_file(Some("estoy hecho polvo".as_bytes())), Ok(1));
        let dir = std::env::temp_dir().join(format!("lantern-distress-use-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(FILE_NAME)).expect("a folder by the file's name");
        assert_eq!(load_from(&dir), Err(DistressWordsError::NotAFile));
        assert!(!distress("hoy estoy hecho polvo"));
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(use_file(None), Ok(0));
    }
}
