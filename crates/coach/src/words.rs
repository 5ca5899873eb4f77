//! The coach's authored words: what each step is, an example, what a fitting text does,
//! how a proposal is introduced, asked about and explained, the questions that follow
//! up a step, and the line that opens a step with the argument so far — in English and
//! Spanish. The model may phrase; these are correct by construction.

use super::offline::opening_question;
use super::weak_text::Weakness;
use super::{Language, ToulminStep};
use lantern_core::text::social::Social;

/// What `step` is, in one sentence for the student.
pub fn step_meaning(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "The claim is the position you argue, in one clear sentence.",
        (ToulminStep::Claim, Language::Es) => "La tesis es la postura que defiendes, en una frase clara.",
        (ToulminStep::Grounds, Language::En) => "The grounds are the facts, data or examples that support your claim.",
        (ToulminStep::Grounds, Language::Es) => "Los datos son los hechos, cifras o ejemplos que apoyan tu tesis.",
        (ToulminStep::Warrant, Language::En) => "The warrant explains why your grounds support your claim.",
        (ToulminStep::Warrant, Language::Es) => "La garantía explica por qué tus datos apoyan tu tesis.",
        (ToulminStep::GroundsBacking, Language::En) => "The backing for the grounds says where your evidence comes from and why it is reliable.",
        (ToulminStep::GroundsBacking, Language::Es) => "El respaldo de los datos dice de dónde salen tus pruebas y por qué son fiables.",
        (ToulminStep::WarrantBacking, Language::En) => "The backing for the warrant shows why the link between grounds and claim is believable.",
        (ToulminStep::WarrantBacking, Language::Es) => "El respaldo de la garantía muestra por qué es creíble la relación entre datos y tesis.",
        (ToulminStep::Qualifier, Language::En) => "The qualifier says how strongly you make your claim: always, usually, probably.",
        (ToulminStep::Qualifier, Language::Es) => "El matizador dice con qué fuerza afirmas tu tesis: siempre, normalmente, probablemente.",
        (ToulminStep::Rebuttal, Language::En) => "The rebuttal names the cases in which your claim would not hold.",
        (ToulminStep::Rebuttal, Language::Es) => "La refutación nombra los casos en los que tu tesis no se cumpliría.",
    }
}

/// The answer to thanks or a greeting (`kind`), in a few wordings so a session never
/// repeats one; the step's question follows it.
pub fn courtesy(kind: Social, language: Language) -> [&'static str; 3] {
    match (kind == Social::Thanks, language) {
        (true, Language::En) => [
            "You're welcome.",
            "Glad to help.",
            "Good, let's keep going.",
        ],
        (true, Language::Es) => ["De nada.", "Me alegra ayudarte.", "Bien, sigamos."],
        (false, Language::En) => ["Hello!", "Hi again!", "Good to see you."],
        (false, Language::Es) => ["¡Hola!", "¡Hola de nuevo!", "Me alegra verte."],
    }
}

/// The answer to a question about what a step allows ("can I use my own school?"): the
/// student decides, as long as the text does the step's job — which follows it.
pub fn your_choice(language: Language) -> &'static str {
    match language {
        Language::En => "That is your choice, as long as the text does this step's job.",
        Language::Es => "Eso lo decides tú, siempre que el texto cumpla la función de este paso.",
    }
}

/// Why `step` matters to a reader, for a student who asks why it is needed.
pub fn step_purpose(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "A clear claim tells the reader exactly what you argue, so everything after it has something to support.",
        (ToulminStep::Claim, Language::Es) => "Una tesis clara le dice al lector qué defiendes, y así todo lo demás tiene algo que apoyar.",
        (ToulminStep::Grounds, Language::En) => "Without evidence a reader has only your word; a number, a place or an example lets them check it.",
        (ToulminStep::Grounds, Language::Es) => "Sin pruebas, el lector solo tiene tu palabra; una cifra, un lugar o un ejemplo le permite comprobarlo.",
        (ToulminStep::Warrant, Language::En) => "Evidence does not speak for itself: a doubter needs the step from your facts to your claim spelled out.",
        (ToulminStep::Warrant, Language::Es) => "Las pruebas no hablan solas: quien duda necesita que expliques el paso de tus datos a tu tesis.",
        (ToulminStep::GroundsBacking, Language::En) => "A reader trusts evidence more when they know who gathered it and how.",
        (ToulminStep::GroundsBacking, Language::Es) => "El lector confía más en unas pruebas cuando sabe quién las reunió y cómo.",
        (ToulminStep::WarrantBacking, Language::En) => "A doubter may accept your facts and still question the link; backing shows it is more than your opinion.",
        (ToulminStep::WarrantBacking, Language::Es) => "Quien duda puede aceptar tus datos y aun así dudar de la relación; el respaldo muestra que es más que tu opinión.",
        (ToulminStep::Qualifier, Language::En) => "Saying how far your claim reaches means a single exception cannot knock it down.",
        (ToulminStep::Qualifier, Language::Es) => "Decir hasta dónde llega tu tesis hace que una sola excepción no la tumbe.",
        (ToulminStep::Rebuttal, Language::En) => "Naming the exceptions yourself shows a reader you have thought about the other side.",
        (ToulminStep::Rebuttal, Language::Es) => "Nombrar tú las excepciones muestra al lector que has pensado en la otra postura.",
    }
}

/// An example of a text for `step`, on a topic of its own.
pub fn step_example(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "A claim sounds like this: \"Our town should plant more trees on school streets\".",
        (ToulminStep::Claim, Language::Es) => "Una tesis suena así: «Nuestro pueblo debería plantar más árboles junto a los colegios».",
        (ToulminStep::Grounds, Language::En) => "Grounds sound like this: \"Our street was 4 degrees hotter than the park in June\".",
        (ToulminStep::Grounds, Language::Es) => "Unos datos suenan así: «En junio, nuestra calle estaba 4 grados más caliente que el parque».",
        (ToulminStep::Warrant, Language::En) => "A warrant sounds like this: \"Trees give shade, so streets with trees stay cooler\".",
        (ToulminStep::Warrant, Language::Es) => "Una garantía suena así: «Los árboles dan sombra, así que las calles con árboles están más frescas».",
        (ToulminStep::GroundsBacking, Language::En) => "Backing for grounds sounds like this: \"We measured with the same thermometer at noon for a week\".",
        (ToulminStep::GroundsBacking, Language::Es) => "Un respaldo de los datos suena así: «Medimos con el mismo termómetro a mediodía durante una semana».",
        (ToulminStep::WarrantBacking, Language::En) => "Backing for a warrant sounds like this: \"City studies find shaded streets are cooler in summer\".",
        (ToulminStep::WarrantBacking, Language::Es) => "Un respaldo de la garantía suena así: «Los estudios urbanos ven que las calles con sombra son más frescas en verano».",
        (ToulminStep::Qualifier, Language::En) => "A qualifier sounds like this: \"probably, on sunny summer days\".",
        (ToulminStep::Qualifier, Language::Es) => "Un matizador suena así: «probablemente, en los días de sol de verano».",
        (ToulminStep::Rebuttal, Language::En) => "A rebuttal sounds like this: \"unless the trees block the only bus stop\".",
        (ToulminStep::Rebuttal, Language::Es) => "Una refutación suena así: «a menos que los árboles tapen la única parada de autobús».",
    }
}

/// The step's name for the student.
pub fn step_name(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "claim",
        (ToulminStep::Claim, Language::Es) => "tesis",
        (ToulminStep::Grounds, Language::En) => "grounds",
        (ToulminStep::Grounds, Language::Es) => "datos",
        (ToulminStep::Warrant, Language::En) => "warrant",
        (ToulminStep::Warrant, Language::Es) => "garantía",
        (ToulminStep::GroundsBacking | ToulminStep::WarrantBacking, Language::En) => "backing",
        (ToulminStep::GroundsBacking | ToulminStep::WarrantBacking, Language::Es) => "respaldo",
        (ToulminStep::Qualifier, Language::En) => "qualifier",
        (ToulminStep::Qualifier, Language::Es) => "matizador",
        (ToulminStep::Rebuttal, Language::En) => "rebuttal",
        (ToulminStep::Rebuttal, Language::Es) => "refutación",
    }
}

/// What a text that fits `step` does, said of the student's text.
pub fn fits(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "That is a clear position you can argue.",
        (ToulminStep::Claim, Language::Es) => "Esa es una postura clara que puedes defender.",
        (ToulminStep::Grounds, Language::En) => "That is the kind of evidence the grounds need.",
        (ToulminStep::Grounds, Language::Es) => "Ese es el tipo de prueba que necesitan los datos.",
        (ToulminStep::Warrant, Language::En) => {
            "That explains how your grounds lead to your claim."
        }
        (ToulminStep::Warrant, Language::Es) => "Eso explica cómo tus datos llevan a tu tesis.",
        (ToulminStep::GroundsBacking, Language::En) => {
            "That tells a reader where your evidence comes from."
        }
        (ToulminStep::GroundsBacking, Language::Es) => {
            "Eso le dice al lector de dónde salen tus pruebas."
        }
        (ToulminStep::WarrantBacking, Language::En) => {
            "That gives a reason to trust the link in your warrant."
        }
        (ToulminStep::WarrantBacking, Language::Es) => {
            "Eso da un motivo para confiar en la relación de tu garantía."
        }
        (ToulminStep::Qualifier, Language::En) => {
            "That says both how sure you are and where your claim holds."
        }
        (ToulminStep::Qualifier, Language::Es) => {
            "Eso dice cuánto estás seguro y dónde se cumple tu tesis."
        }
        (ToulminStep::Rebuttal, Language::En) => {
            "That names a real case where your claim would fail."
        }
        (ToulminStep::Rebuttal, Language::Es) => {
            "Eso nombra un caso real en el que tu tesis fallaría."
        }
    }
}

/// Introduces a proposal for `step` shown below the reply.
pub fn proposal_intro(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "Here is your position written as one claim.",
        (ToulminStep::Claim, Language::Es) => "Aquí tienes tu postura escrita como una tesis.",
        (ToulminStep::Grounds, Language::En) => "Below are your grounds, ready for the draft.",
        (ToulminStep::Grounds, Language::Es) => "Abajo están tus datos, listos para el borrador.",
        (ToulminStep::Warrant, Language::En) => {
            "This warrant spells out the link between evidence and claim."
        }
        (ToulminStep::Warrant, Language::Es) => {
            "Esta garantía explica la relación entre pruebas y tesis."
        }
        (ToulminStep::GroundsBacking, Language::En) => {
            "This backing says where your evidence comes from."
        }
        (ToulminStep::GroundsBacking, Language::Es) => {
            "Este respaldo dice de dónde salen tus pruebas."
        }
        (ToulminStep::WarrantBacking, Language::En) => {
            "This backing supports the link your warrant makes."
        }
        (ToulminStep::WarrantBacking, Language::Es) => {
            "Este respaldo apoya la relación que hace tu garantía."
        }
        (ToulminStep::Qualifier, Language::En) => "This qualifier sets how far your claim reaches.",
        (ToulminStep::Qualifier, Language::Es) => {
            "Este matizador marca hasta dónde llega tu tesis."
        }
        (ToulminStep::Rebuttal, Language::En) => "This rebuttal names the exception to your claim.",
        (ToulminStep::Rebuttal, Language::Es) => "Esta refutación nombra la excepción a tu tesis.",
    }
}

/// Introduces a proposal shown before, quoting its `value`.
pub fn proposal_intro_again(value: &str, language: Language) -> String {
    let value = value.trim().trim_end_matches('.');
    match language {
        Language::En => format!("Accept it below to save \"{value}\" in your draft."),
        Language::Es => format!("Acéptalo abajo para guardar «{value}» en tu borrador."),
    }
}

/// Asks about a proposal for `step` shown below the reply a second time: whether to
/// save it and go on to the next part.
pub fn proposal_question_again(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => {
            "Shall we save this claim and look for evidence next?"
        }
        (ToulminStep::Claim, Language::Es) => "¿Guardamos esta tesis y buscamos pruebas después?",
        (ToulminStep::Grounds, Language::En) => {
            "Ready to save these grounds and explain how they prove your point?"
        }
        (ToulminStep::Grounds, Language::Es) => {
            "¿Guardamos estos datos y explicamos cómo prueban tu idea?"
        }
        (ToulminStep::Warrant, Language::En) => {
            "Shall we save this warrant and say where your evidence comes from?"
        }
        (ToulminStep::Warrant, Language::Es) => {
            "¿Guardamos esta garantía y decimos de dónde salen tus pruebas?"
        }
        (ToulminStep::GroundsBacking, Language::En) => {
            "Ready to save this source and back up your warrant too?"
        }
        (ToulminStep::GroundsBacking, Language::Es) => {
            "¿Guardamos esta fuente y respaldamos también tu garantía?"
        }
        (ToulminStep::WarrantBacking, Language::En) => {
            "Shall we save this support and decide how strongly you claim it?"
        }
        (ToulminStep::WarrantBacking, Language::Es) => {
            "¿Guardamos este apoyo y decidimos con qué fuerza lo afirmas?"
        }
        (ToulminStep::Qualifier, Language::En) => {
            "Ready to save this qualifier and name an exception?"
        }
        (ToulminStep::Qualifier, Language::Es) => {
            "¿Guardamos este matizador y nombramos una excepción?"
        }
        (ToulminStep::Rebuttal, Language::En) => {
            "Shall we save this rebuttal and finish your argument?"
        }
        (ToulminStep::Rebuttal, Language::Es) => {
            "¿Guardamos esta refutación y terminamos tu argumento?"
        }
    }
}

/// Asks about a proposal for `step` shown below the reply.
pub fn proposal_question(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "Is this the position you want to defend?",
        (ToulminStep::Claim, Language::Es) => "¿Es esta la postura que quieres defender?",
        (ToulminStep::Grounds, Language::En) => "Do these grounds say what you found?",
        (ToulminStep::Grounds, Language::Es) => "¿Estos datos dicen lo que encontraste?",
        (ToulminStep::Warrant, Language::En) => "Does this link say what you mean?",
        (ToulminStep::Warrant, Language::Es) => "¿Esta relación dice lo que quieres decir?",
        (ToulminStep::GroundsBacking, Language::En) => {
            "Is that where your evidence really comes from?"
        }
        (ToulminStep::GroundsBacking, Language::Es) => "¿De verdad salen de ahí tus pruebas?",
        (ToulminStep::WarrantBacking, Language::En) => "Would this convince a doubtful reader?",
        (ToulminStep::WarrantBacking, Language::Es) => "¿Convencería esto a un lector que duda?",
        (ToulminStep::Qualifier, Language::En) => "Is that as strong as you want to be?",
        (ToulminStep::Qualifier, Language::Es) => "¿Es tan firme como quieres ser?",
        (ToulminStep::Rebuttal, Language::En) => "Is that the exception you want to admit?",
        (ToulminStep::Rebuttal, Language::Es) => "¿Es esa la excepción que quieres admitir?",
    }
}

/// Why a proposal for `step` fits, for a proposal that came without a reason.
pub fn rationale(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "States your position in one clear sentence.",
        (ToulminStep::Claim, Language::Es) => "Expresa tu postura en una frase clara.",
        (ToulminStep::Grounds, Language::En) => "Gives evidence that supports the claim.",
        (ToulminStep::Grounds, Language::Es) => "Aporta pruebas que apoyan la tesis.",
        (ToulminStep::Warrant, Language::En) => "Links the grounds to the claim.",
        (ToulminStep::Warrant, Language::Es) => "Une los datos con la tesis.",
        (ToulminStep::GroundsBacking, Language::En) => "Says where the evidence comes from.",
        (ToulminStep::GroundsBacking, Language::Es) => "Dice de dónde salen las pruebas.",
        (ToulminStep::WarrantBacking, Language::En) => "Shows why the link can be trusted.",
        (ToulminStep::WarrantBacking, Language::Es) => "Muestra por qué la relación es creíble.",
        (ToulminStep::Qualifier, Language::En) => "Says how strongly and where the claim holds.",
        (ToulminStep::Qualifier, Language::Es) => "Dice con qué fuerza y dónde se cumple la tesis.",
        (ToulminStep::Rebuttal, Language::En) => "Names when the claim would not hold.",
        (ToulminStep::Rebuttal, Language::Es) => "Nombra cuándo no se cumpliría la tesis.",
    }
}

/// Three more questions for `step`, after its opening question.
pub fn follow_ups(step: ToulminStep, language: Language) -> [&'static str; 3] {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => [
            "What exactly should change, and for which people?",
            "If a friend disagreed, what exactly would they disagree with?",
            "Who would disagree with you, and about what exactly?",
        ],
        (ToulminStep::Claim, Language::Es) => [
            "¿Qué debería cambiar, y para quién?",
            "Si un amigo no estuviera de acuerdo, ¿con qué exactamente?",
            "¿Quién no estaría de acuerdo contigo, y en qué exactamente?",
        ],
        (ToulminStep::Grounds, Language::En) => [
            "What have you seen, counted or read that backs your claim?",
            "Can you give one example with a number or a place in it?",
            "Which one fact would convince a classmate who doubts you?",
        ],
        (ToulminStep::Grounds, Language::Es) => [
            "¿Qué has visto, contado o leído que respalde tu tesis?",
            "¿Puedes dar un ejemplo con una cifra o un lugar?",
            "¿Qué dato convencería a un compañero que duda de ti?",
        ],
        (ToulminStep::Warrant, Language::En) => [
            "What rule connects your evidence to your claim?",
            "If your grounds are true, why must your claim be true too?",
            "What general rule makes your evidence count for this claim?",
        ],
        (ToulminStep::Warrant, Language::Es) => [
            "¿Qué regla une tus pruebas con tu tesis?",
            "Si tus datos son ciertos, ¿por qué tu tesis también lo es?",
            "¿Qué regla general hace que tus pruebas cuenten para esta tesis?",
        ],
        (ToulminStep::GroundsBacking, Language::En) => [
            "Who collected that evidence, and how?",
            "Why should a reader trust where those facts come from?",
            "Could someone else check those facts, and where?",
        ],
        (ToulminStep::GroundsBacking, Language::Es) => [
            "¿Quién reunió esas pruebas, y cómo?",
            "¿Por qué debería un lector fiarse del origen de esos datos?",
            "¿Podría otra persona comprobar esos datos, y dónde?",
        ],
        (ToulminStep::WarrantBacking, Language::En) => [
            "Who else agrees that this link holds?",
            "What study, expert or experience shows the link is real?",
            "What would you show a doubtful reader to prove that link?",
        ],
        (ToulminStep::WarrantBacking, Language::Es) => [
            "¿Quién más está de acuerdo con esa relación?",
            "¿Qué estudio, experto o experiencia muestra que la relación es real?",
            "¿Qué le mostrarías a un lector que duda para probar esa relación?",
        ],
        (ToulminStep::Qualifier, Language::En) => [
            "For whom, or when, is your claim true?",
            "Would you say always, usually or only sometimes?",
            "Where does your claim stop being true?",
        ],
        (ToulminStep::Qualifier, Language::Es) => [
            "¿Para quién, o cuándo, es cierta tu tesis?",
            "¿Dirías siempre, normalmente o solo a veces?",
            "¿Dónde deja de ser cierta tu tesis?",
        ],
        (ToulminStep::Rebuttal, Language::En) => [
            "What would someone against your claim point to?",
            "Is there a place or a group where it would not work?",
            "What could make your plan fail?",
        ],
        (ToulminStep::Rebuttal, Language::Es) => [
            "¿Qué señalaría alguien en contra de tu tesis?",
            "¿Hay algún lugar o grupo donde no funcionaría?",
            "¿Qué podría hacer fallar tu propuesta?",
        ],
    }
}

/// Asks the student to confirm the text their message offered for the step.
pub fn offer_question(step: ToulminStep, offered: &str, language: Language) -> String {
    let offered = offered.trim_end_matches('.');
    match language {
        Language::En => format!(
            "Is \"{offered}\" the {} you want to keep?",
            step_name(step, language)
        ),
        Language::Es => format!(
            "¿Quieres quedarte con \"{offered}\" como {}?",
            step_name(step, language)
        ),
    }
}

/// The question that helps with `weakness`.
pub fn weakness_question(weakness: Weakness, step: ToulminStep, language: Language) -> String {
    let text = match (weakness, language) {
        (Weakness::ClaimIncludesReason, Language::En) => {
            "What is your position in one sentence, without the reason?"
        }
        (Weakness::ClaimIncludesReason, Language::Es) => {
            "¿Cuál es tu postura en una frase, sin la razón?"
        }
        (Weakness::ClaimLooksLikeGrounds, Language::En) => {
            "What do those facts make you believe should happen?"
        }
        (Weakness::ClaimLooksLikeGrounds, Language::Es) => {
            "¿Qué crees que debería pasar, a la vista de esos datos?"
        }
        (Weakness::IsQuestion, Language::En) => {
            "What is your own answer to that question, written as a statement you can defend?"
        }
        (Weakness::IsQuestion, Language::Es) => {
            "¿Cuál es tu respuesta a esa pregunta, escrita como una afirmación que puedas defender?"
        }
        (Weakness::MissingLink, Language::En) => {
            "Why do your grounds show that your claim is true?"
        }
        (Weakness::MissingLink, Language::Es) => {
            "¿Por qué tus datos demuestran que tu tesis es cierta?"
        }
        (Weakness::MissingHedge, Language::En) => {
            "Is your claim true always, usually, or only probably?"
        }
        (Weakness::MissingHedge, Language::Es) => {
            "¿Tu tesis se cumple siempre, normalmente o solo probablemente?"
        }
        (Weakness::MissingException, Language::En) => "In which case would your claim not hold?",
        (Weakness::MissingException, Language::Es) => "¿En qué caso no se cumpliría tu tesis?",
        (Weakness::OpinionAsEvidence, Language::En) => "What fact or example made you think so?",
        (Weakness::OpinionAsEvidence, Language::Es) => "¿Qué hecho o ejemplo te hizo pensarlo?",
        (Weakness::RebuttalAtOtherStep, Language::En) => {
            "What evidence do you have on your own side?"
        }
        (Weakness::RebuttalAtOtherStep, Language::Es) => {
            "¿Qué pruebas tienes a favor de tu postura?"
        }
        (Weakness::HedgeAlone, Language::En) => "For whom, or in which situations, does that hold?",
        (Weakness::HedgeAlone, Language::Es) => "¿Para quién, o en qué situaciones, se cumple?",
        (Weakness::Empty | Weakness::TooShort, _) => return opening_question(step, language),
    };
    text.to_string()
}

/// The line that opens `next` after `done` was completed with `text`: the argument so
/// far, in the student's own words (the quote closed before the full stop, so the line
/// stays one sentence of its own).
pub fn saved_line(done: ToulminStep, text: &str, language: Language) -> String {
    let text = text.trim().trim_end_matches('.');
    let name = step_name(done, language);
    match (done, language) {
        (ToulminStep::Grounds, Language::En) => format!("Your {name} now read: \"{text}\"."),
        (_, Language::En) => format!("Your {name} now reads: \"{text}\"."),
        (ToulminStep::Grounds, Language::Es) => format!("Tus {name} quedan así: «{text}»."),
        (_, Language::Es) => format!("Tu {name} queda así: «{text}»."),
    }
}

/// A line that carries the argument so far into `step` (the step being opened), for when
/// the text just completed was already quoted: what the new step adds to the student's
/// claim, without saying what the step's question will ask.
pub fn bridge(step: ToulminStep, claim: &str, language: Language) -> String {
    let claim = claim.trim().trim_end_matches('.');
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "Let's start with the position you want to argue.".into(),
        (ToulminStep::Claim, Language::Es) => "Empecemos por la postura que quieres defender.".into(),
        (ToulminStep::Grounds, Language::En) => "A claim like yours convinces only with evidence a reader can check.".into(),
        (ToulminStep::Grounds, Language::Es) => "Una tesis como la tuya solo convence con pruebas que otro pueda comprobar.".into(),
        (ToulminStep::Warrant, Language::En) => format!("You have evidence; a reader still needs to see why it proves \"{claim}\"."),
        (ToulminStep::Warrant, Language::Es) => format!("Ya tienes pruebas; falta que el lector vea por qué demuestran «{claim}»."),
        (ToulminStep::GroundsBacking, Language::En) => "Your evidence and its link are in place; now show that the evidence itself can be trusted.".into(),
        (ToulminStep::GroundsBacking, Language::Es) => "Tus pruebas y su relación ya están; ahora muestra que las pruebas mismas son fiables.".into(),
        (ToulminStep::WarrantBacking, Language::En) => "Your evidence has a source; a doubter may still question the link itself.".into(),
        (ToulminStep::WarrantBacking, Language::Es) => "Tus pruebas tienen fuente; alguien que dude aún puede cuestionar la relación misma.".into(),
        (ToulminStep::Qualifier, Language::En) => format!("Your case for \"{claim}\" is built; few claims hold always and for everyone."),
        (ToulminStep::Qualifier, Language::Es) => format!("Tu defensa de «{claim}» está construida; pocas tesis se cumplen siempre y para todos."),
        (ToulminStep::Rebuttal, Language::En) => "One step left: being fair to the other side makes your argument stronger.".into(),
        (ToulminStep::Rebuttal, Language::Es) => "Queda un paso: ser justo con la otra postura hace más fuerte tu argumento.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_has_its_own_words_in_both_languages() {
        for step in ToulminStep::ALL {
            for language in [Language::En, Language::Es] {
                let [a, b, c] = follow_ups(step, language);
                assert!(a.ends_with('?') && b.ends_with('?') && c.ends_with('?') && a != b);
                assert!(proposal_question(step, language).ends_with('?'));
                assert!(proposal_question_again(step, language).ends_with('?'));
                for s in [
                    step_meaning(step, language),
                    step_purpose(step, language),
                    step_example(step, language),
                    fits(step, language),
                    proposal_intro(step, language),
                    rationale(step, language),
                ] {
                    assert!(s.ends_with(['.', '»', '"']) && !s.is_empty(), "{s}");
                }
            }
        }
    }

    #[test]
    fn no_authored_sentence_is_filler_or_copies_the_prompt() {
        use crate::filter::COACH_TALK;
        use crate::prompt::{instruction_texts, PROMPT_LABELS};
        use crate::weak_text::ALL_WEAKNESSES;
        use lantern_core::text::support::ReplyFilter;
        let mut bad = Vec::new();
        for step in ToulminStep::ALL {
            let instructions = instruction_texts(step);
            let refs: Vec<&str> = instructions.iter().map(String::as_str).collect();
            let leak = ReplyFilter::new(None, &[], "")
                .with_instructions(&refs)
                .with_labels(PROMPT_LABELS);
            let talk = ReplyFilter::new(None, &[], "").with_topic(&[COACH_TALK]);
            for language in [Language::En, Language::Es] {
                let mut all: Vec<String> = [
                    step_meaning(step, language),
                    step_example(step, language),
                    fits(step, language),
                    proposal_intro(step, language),
                    proposal_question(step, language),
                    proposal_question_again(step, language),
                    rationale(step, language),
                ]
                .iter()
                .chain(follow_ups(step, language).iter())
                .map(|s| s.to_string())
                .collect();
                all.push(opening_question(step, language));
                for w in ALL_WEAKNESSES {
                    all.push(w.explain(language).to_string());
                    all.push(w.explain_again(language).to_string());
                    all.push(weakness_question(w, step, language));
                }
                for text in all {
                    let copies = matches!(
                        leak.check(&text),
                        Err(lantern_core::text::support::DropReason::Leak(_))
                    );
                    if talk.says_nothing(&text) || copies {
                        bad.push(text);
                    }
                }
            }
        }
        bad.dedup();
        assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn the_saved_line_quotes_the_students_text() {
        assert_eq!(
            saved_line(ToulminStep::Claim, "Zoos should close.", Language::En),
            "Your claim now reads: \"Zoos should close\"."
        );
        assert_eq!(
            saved_line(
                ToulminStep::Grounds,
                "Diez alumnos no desayunan.",
                Language::Es
            ),
            "Tus datos quedan así: «Diez alumnos no desayunan»."
        );
    }
}
