//! Distress: a student at the end of their strength ("no sirvo para nada", "I give
//! up") gets the module's support message before anything else. The phrases are a
//! word list (`crates/modules/words/<locale>/distress.txt`) that a school extends
//! without a build with its own file in the data folder ([`crate::distress_file`]),
//! read when a module turn is taken; a bad file is refused whole with a coded error,
//! and the built-in list stays.

use super::distress_file::{read_bytes, read_file, DistressWordsError, Phrase};
use super::keywords::Keyword;
use lantern_core::text::normalize::normalize;
use lantern_core::text::texting::full_form;
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
/// school's, or have a distress message's shape (`SHAPES`): as written, with its
/// texting shorthand spelled out ("no sirvo pa nada"), or without the words that only
/// stress it (`intensifiers.txt`: "i literally can't do anything right").
pub fn is_distress(said: &[&str]) -> bool {
    let spelled = spelled_out(said);
    let spelled: Vec<&str> = spelled.iter().map(String::as_str).collect();
    let plain = without_intensifiers(&spelled);
    holds_distress(said)
        || (spelled != said && holds_distress(&spelled))
        || (plain != spelled && holds_distress(&plain))
}

/// The words that only stress what is said ("literally", "en serio"), each split into
/// its words.
static INTENSIFIERS: LazyLock<Vec<Vec<&'static str>>> =
    LazyLock::new(|| phrases(word_list!("intensifiers")));

/// `said` without the words that only stress it ([`INTENSIFIERS`]).
fn without_intensifiers<'a>(said: &[&'a str]) -> Vec<&'a str> {
    let mut plain = Vec::with_capacity(said.len());
    let mut at = 0;
    while at < said.len() {
        match INTENSIFIERS.iter().find(|i| said[at..].starts_with(i)) {
            Some(intensifier) => at += intensifier.len(),
            None => {
                plain.push(said[at]);
                at += 1;
            }
        }
    }
    plain
}

/// Whether `said` holds a distress phrase or shape.
fn holds_distress(said: &[&str]) -> bool {
    BUILT_IN.iter().any(|k| k.occurs_in(said))
        || school_phrases().iter().any(|p| p.keyword.occurs_in(said))
        || SHAPES.iter().any(|shape| shape.occurs_in(said))
}

/// `said` with each word that is texting shorthand replaced by its full form's
/// normalised words ("pa" → "para", "im" → "i m").
fn spelled_out(said: &[&str]) -> Vec<String> {
    said.iter()
        .flat_map(|word| match full_form(word) {
            Some(full) => normalize(full).split(' ').map(str::to_string).collect(),
            None => vec![(*word).to_string()],
        })
        .collect()
}

/// A list's phrases, each split into its words.
fn phrases(list: impl Iterator<Item = &'static str>) -> Vec<Vec<&'static str>> {
    list.map(|p| p.split(' ').filter(|w| !w.is_empty()).collect())
        .filter(|p: &Vec<&str>| !p.is_empty())
        .collect()
}

/// Most small words between a shape's opening and its ending ("just such a").
const MAX_FILLERS: usize = 3;

/// A distress message known by its shape: an opening, at most [`MAX_FILLERS`] small
/// words, then an ending that no word of `not_after` follows, the whole not denied just
/// before the opening ("no soy un fracaso").
struct Shape {
    openings: Vec<Vec<&'static str>>,
    fillers: Vec<Vec<&'static str>>,
    endings: Vec<Vec<&'static str>>,
    negations: Vec<&'static str>,
    not_after: Vec<&'static str>,
}

/// The shapes of distress: a judgement of oneself — an opening (`self-openings.txt`:
/// "i m", "me siento"), small words (`self-fillers.txt`: "such a") and what a student at
/// the end of their strength calls themselves (`self-states.txt`: "failure", "una
/// carga") —, and weariness of everything — an opening (`weary-openings.txt`: "tired
/// of", "me cansé de"), small words (`weary-fillers.txt`: "absolutamente") and
/// everything (`weary-endings.txt`: "everything", "todo", "mi vida"), not the start of a
/// thing named (`weary-not-after.txt`: "todo el cartón") —, and getting nothing right —
/// an opening (`failing-openings.txt`: "i can't do", "no hago"), small words
/// (`failing-fillers.txt`: "ever", "ya") and nothing done right (`failing-endings.txt`:
/// "anything right", "nada bien", "todo mal"), not a time (`failing-not-after.txt`: "i
/// can't do anything right now") —, and losing hold of oneself — an opening
/// (`losing-openings.txt`: "can't stop", "no puedo dejar de") and what will not stop
/// (`losing-endings.txt`: "crying", "shaking", "llorar", "temblar"), never laughing nor
/// something shaken (`losing-not-after.txt`: "can't stop shaking his head").
/// All are denied by `self-negations.txt` ("not", "no").
static SHAPES: LazyLock<[Shape; 4]> = LazyLock::new(|| {
    let negations: Vec<&str> = word_list!("self-negations").collect();
    [
        Shape {
            openings: phrases(word_list!("self-openings")),
            fillers: phrases(word_list!("self-fillers")),
            endings: phrases(word_list!("self-states")),
            negations: negations.clone(),
            not_after: Vec::new(),
        },
        Shape {
            openings: phrases(word_list!("weary-openings")),
            fillers: phrases(word_list!("weary-fillers")),
            endings: phrases(word_list!("weary-endings")),
            negations: negations.clone(),
            not_after: word_list!("weary-not-after").collect(),
        },
        Shape {
            openings: phrases(word_list!("failing-openings")),
            fillers: phrases(word_list!("failing-fillers")),
            endings: phrases(word_list!("failing-endings")),
            negations: negations.clone(),
            not_after: word_list!("failing-not-after").collect(),
        },
        Shape {
            openings: phrases(word_list!("losing-openings")),
            fillers: Vec::new(),
            endings: phrases(word_list!("losing-endings")),
            negations,
            not_after: word_list!("losing-not-after").collect(),
        },
    ]
});

impl Shape {
    /// Whether `said` holds this shape ("I'm just such a failure", "me siento una
    /// carga", "ya me cansé de todo"), not denied just before its opening.
    fn occurs_in(&self, said: &[&str]) -> bool {
        (0..said.len()).any(|at| {
            let denied = at > 0 && self.negations.contains(&said[at - 1]);
            !denied
                && self
                    .openings
                    .iter()
                    .filter(|o| said[at..].starts_with(o))
                    .any(|o| self.ends(&said[at + o.len()..], MAX_FILLERS))
        })
    }

    /// Whether `rest` opens with an ending no word of `not_after` follows, after at most
    /// `fillers` small words.
    fn ends(&self, rest: &[&str], fillers: usize) -> bool {
        self.endings.iter().any(|e| {
            rest.starts_with(e)
                && rest
                    .get(e.len())
                    .is_none_or(|w| !self.not_after.contains(w))
        }) || (fillers > 0
            && self
                .fillers
                .iter()
                .filter(|f| rest.starts_with(f))
                .any(|f| self.ends(&rest[f.len()..], fillers - 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distress_file::FILE_NAME;
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
    fn having_given_up_is_distress_in_both_languages() {
        assert!(distress(
            "la neta ya no puedo con este dolor ni con nada, ya me rendí wey"
        ));
        assert!(distress("honestly I've given up, nothing helps"));
    }

    #[test]
    fn hating_how_you_look_and_seeing_no_point_is_distress_in_both_languages() {
        assert!(distress(
            "honestly i hate my face so much i dont see the point anymore"
        ));
        assert!(distress(
            "i feel so disgusting about my skin rn, i cried before school this morning"
        ));
        assert!(distress("odio mi cara, ya no quiero salir de casa"));
        assert!(distress("me siento tan fea con estos granos"));
        assert!(!distress("i dont see the point of a patch test"));
        assert!(!distress("my spots look ugly, what helps?"));
    }

    #[test]
    fn agobiadisimo_y_no_puedo_mas_is_distress() {
        assert!(distress("estoy agobiadísimo y no puedo más"));
    }

    #[test]
    fn not_even_good_for_this_is_distress_in_both_languages() {
        read_as(
            &[
                "no crecen nada... no sirvo ni pa esto 😞",
                "ni para esto sirvo, se me mueren todas",
                "no valgo ni para regar una planta",
                "I can't even do this, they all die on me",
                "im good for nothing",
            ],
            &[
                "no sirve de nada regar en invierno?",
                "ni para esto hace falta abono?",
                "is it good for anything to water at night?",
            ],
        );
    }

    /// Asserts each of `distressed` is distress and none of `calm` is.
    fn read_as(distressed: &[&str], calm: &[&str]) {
        for text in distressed {
            assert!(distress(text), "{text}");
        }
        for text in calm {
            assert!(!distress(text), "{text}");
        }
    }

    #[test]
    fn a_word_that_only_stresses_it_hides_no_distress() {
        read_as(
            &[
                "i literally can't do anything right, he ran off",
                "honestly i'm really such a failure",
                "en serio no sirvo para nada",
                "literalmente ya no puedo más",
            ],
            &[
                "i literally can't find the lead",
                "i'm not really a failure, am i?",
                "en serio se puede dar agua fría?",
            ],
        );
    }

    #[test]
    fn wanting_to_cry_is_distress_in_both_languages() {
        read_as(
            &[
                "he slipped his collar and i just wanna cry",
                "I feel like crying all the time",
                "tengo ganas de llorar, todo me sale mal",
                "me dan ganas de llorar",
                "quiero llorar",
            ],
            &[
                "the puppy cries at night, what do i do",
                "mi hermano llora mucho cuando se va mi madre",
            ],
        );
    }

    #[test]
    fn drowning_and_not_coping_are_distress_in_both_languages() {
        read_as(
            &[
                "estoy colapsada, siento q me ahogo y q no voy a poder con nada de esto",
                "ya no doy más con la uni",
                "I'm so homesick it hurts, I just want to pack everything, go home and quit",
                "honestly I'm not okay, everything is falling on me",
            ],
            &[
                "me agobia un poco lo de compartir piso",
                "jajaja me ahogo de risa con el vídeo",
                "no aguanto a mi compañero de piso, ¿qué hago?",
            ],
        );
    }

    #[test]
    fn feeling_alone_and_without_strength_is_distress_in_both_languages() {
        read_as(
            &[
                "estoy hasta las narices, me siento sola en esta casa y no tengo fuerzas para nada",
                "me siento muy solo desde que me mudé",
                "no me quedan fuerzas",
                "I feel so alone in this flat",
                "im so lonely here",
                "I have no strength left for anything",
            ],
            &[
                "estoy hasta las narices de que no friegue",
                "no tengo fuerzas para cocinar hoy, ¿qué pido?",
                "solo me siento un poco cansado",
                "I live alone, how do I split the bills?",
            ],
        );
    }

    #[test]
    fn every_built_in_phrase_is_distress_said_alone() {
        for phrase in word_list!("distress") {
            let said = phrase.trim_end_matches('*');
            assert!(distress(said), "{phrase}");
        }
    }

    #[test]
    fn losing_hold_and_panic_are_distress_in_both_languages() {
        read_as(
            &[
                "im honestly so scared rn, what if im deaf forever. i cant stop shaking and crying",
                "I can't stop crying since the results came out",
                "i think im having a panic attack",
                "no puedo dejar de llorar desde ayer",
                "no paro de temblar, tengo muchísimo miedo",
                "me está dando un ataque de pánico",
            ],
            &[
                "i can't stop laughing at this video",
                "my dog can't stop shaking his head, is it his ears?",
                "no paro de estornudar por la mañana",
                "i'm not scared of the dentist",
                "is the sound scary for a baby?",
                // Fear said in passing is a worry, not distress.
                "we present tmrw and im lowkey terrified lol",
                "estoy aterrada con el examen jaja",
            ],
        );
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
    fn a_judgement_of_oneself_is_distress_by_its_shape() {
        for text in [
            "i feel like a failure, my parents are always fighting about money",
            "I'm just such a burden to everyone",
            "honestly im a total disappointment",
            "me siento una carga para mi familia",
            "creo que soy un completo desastre",
            "soy lo peor",
        ] {
            assert!(distress(text), "{text}");
        }
    }

    #[test]
    fn distress_in_texting_shorthand_is_distress() {
        read_as(
            &[
                "neta no sirvo pa nada",
                "ya no puedo mas q hago",
                "honestly im so done",
            ],
            &["pa mañana tengo que reciclar", "q hago con el cartón?"],
        );
    }

    #[test]
    fn weariness_of_everything_is_distress_by_its_shape() {
        read_as(
            &[
                "ya me cansé de todo",
                "estoy harta de mi vida",
                "cansado de intentarlo, siempre sale mal",
                "im so tired of everything",
                "honestly sick of literally everything",
            ],
            &[
                "me cansé de todo el cartón que hay que doblar",
                "estoy harto de los mismos macarrones, ¿qué cocino?",
                "tired of the same recipes, any ideas?",
                "im not tired of everything, just this flat",
            ],
        );
    }

    #[test]
    fn getting_nothing_right_is_distress_by_its_shape() {
        for text in [
            "i gave up halfway and had to get a lift back, i can't do anything right",
            "honestly i never get a single thing right",
            "i do everything wrong lol",
            "no hago nada bien, para qué lo intento",
            "es que no me sale ya nada bien",
            "lo hago todo mal",
            "todo lo hago mal",
        ] {
            assert!(distress(text), "{text}");
        }
    }

    #[test]
    fn a_task_or_a_time_not_done_right_is_not_distress() {
        for text in [
            "i can't do anything right now, i'm on the bus",
            "no hago bien el ejercicio 3, me ayudas?",
            "el ejercicio no me sale bien",
            "no me sale nada bien ahora mismo, luego lo miro",
        ] {
            assert!(!distress(text), "{text}");
        }
    }

    #[test]
    fn a_denied_or_mild_judgement_of_oneself_is_not_distress() {
        for text in [
            "no soy un fracaso, solo necesito ayuda",
            "I'm not useless at maths any more",
            "I'm a bit tired today",
            "me siento cansado",
            "I am a student who wants to save money",
        ] {
            assert!(!distress(text), "{text}");
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
