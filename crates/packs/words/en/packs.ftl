# The pack formats' words in English: the instructions of the cards made from a unit's
# sentences, and the REVIEW.md that `lantern course new` and `lantern module new` write
# for the teacher (in the language of the notes).

## Cards made from authored sentences (the tutor's gap-fills and true-or-false questions).

# The instruction of a gap-fill card.
packs-cloze-prompt = Fill in the gap.
# The instruction of a true-or-false card.
packs-true-false-prompt = True or false?
# The answer "true" of a true-or-false card (also what the student's reply is compared with).
packs-true = true
# The answer "false" of a true-or-false card.
packs-false = false

## Names a drafted pack gives what its notes left untitled (a heading of only punctuation).

# A drafted course's unit without a title ($n: its number).
packs-untitled-unit = Unit { $n }
# A drafted module's section without a title.
packs-untitled-section = Section { $n }
# A drafted module's topic without a title.
packs-untitled-topic = Topic { $n }
# A phase of a drafted module with more sections than one phase holds.
packs-part = Part { $n }

## REVIEW.md of a drafted pack: the head and the checklist, shared by courses and modules.

# REVIEW.md's title.
packs-review-title = Review this draft
# How the notes were read ($shape: one of the packs-shape-… below).
packs-review-read-as = How the notes were read: { $shape }.
packs-shape-file-per-part = one part per file, in file-name order
packs-shape-folders = one part per file or folder, in name order
# $hashes: the heading's marks ("##"); $file: the notes file.
packs-shape-headings = one part per `{ $hashes }` heading of `{ $file }`
packs-shape-single = all the notes as one part
# The checklist's heading at the end of REVIEW.md.
packs-review-before-import = Before you import

## REVIEW.md of a drafted course.

packs-review-course-intro = `lantern course new` drafted this course pack from your notes. A program guessed everything below: read it, correct `course.json` and the notes in `units/`, then run `lantern course check` on this folder. This file is not imported.
packs-review-course-id = Course id `{ $id }`, title “{ $title }”, language `{ $code }`.
# Notes parts beyond the most units a course may have ($count: how many).
packs-review-course-left-out = Parts left out (over the unit limit): { $count }
packs-review-units-heading = Units and prerequisites
packs-review-units-text = Units follow the order of your notes. A unit requires an earlier one only where its notes show it: a sentence says so (“builds on”, “as we saw” …) and names that unit, a sentence names its title, a definition uses the terms it introduces, or two sentences or more do — never just because it comes later. Each is an edge in `prerequisites` in `course.json`, where `{"{"} "from": "A", "to": "B" {"}"}` means A before B, and the tutor steers a student to master A before B. Confirm or delete each one below; add one where a unit needs an earlier one.
packs-review-prerequisites-none = No prerequisite was drafted: no unit's notes show that it builds on an earlier one, so a student may start with any unit. To add one, put `{"{"} "from": "A", "to": "B" {"}"}` in `prerequisites` in `course.json` (A before B).
# A unit's notes file in the pack ($path) and the teacher's file it was copied from ($from).
packs-review-notes = Notes: `{ $path }` (from `{ $from }`)
# A drafted prerequisite and its evidence ($unit: the earlier unit's id; $sentence: the notes' sentence that shows it).
packs-review-requires-said = Requires `{ $unit }`, as the notes say — “{ $sentence }”
packs-review-requires-named = Requires `{ $unit }`: the notes name its title — “{ $sentence }”
packs-review-requires-defined = Requires `{ $unit }`: the notes define a term with the terms it introduces — “{ $sentence }”
# $sentences: how many sentences; $terms: the terms, in backquotes.
packs-review-requires-terms = Requires `{ $unit }`: { $sentences } sentences of the notes use the terms it introduces ({ $terms }).
packs-review-requires-confirm = Keep this edge if a student must master `{ $unit }` first; otherwise delete it from `prerequisites`.
# A unit after the first with no drafted prerequisite ($unit: its id).
packs-review-requires-none-drafted = Requires nothing: nothing in these notes shows that they build on an earlier unit. If a student needs an earlier unit first, add `{"{"} "from": "that-unit", "to": "{ $unit }" {"}"}` to `prerequisites`.
packs-review-requires-nothing = Requires nothing: students start here.
packs-review-anchor = Anchor, from the first paragraph
packs-review-anchor-cut = Anchor, from the first paragraph, cut to what the tutor's concept card shows
packs-review-anchor-check = Check that it says what the unit teaches, in two or three sentences.
# $tags: the unit's tags, or packs-review-tags-none.
packs-review-tags = Tags: { $tags }
packs-review-tags-none = none
packs-review-misconceptions-none = Misconceptions: none found. Add lines such as `Misconception: …` to the notes, or write them in `misconceptions`.
# $moved: how many lines of the notes became misconceptions.
packs-review-misconceptions-moved = { $moved ->
    [1] Misconceptions: 1 line of the notes was moved into `misconceptions`, so the tutor does not quote it as a fact; it asks it as a true-or-false question whose answer is false:
   *[other] Misconceptions: { $moved } lines of the notes were moved into `misconceptions`, so the tutor does not quote them as facts; it asks each as a true-or-false question whose answer is false:
}
# A misconception's true-or-false question ($question: the statement) and its answer.
packs-review-true-false = True or false? { $question } (answer: { $answer })
packs-review-misconception-too-short = too short for a true-or-false question; it still names a common mistake.
packs-review-clozes-none = Gap-fill questions: no sentence of the form “X is Y” found; the tutor still makes gap-fills from the anchor and the notes.
packs-review-clozes = Gap-fill questions the tutor can make from the definitions in the notes (the defined terms are the unit's tags):
# A gap-fill question ($question: the sentence with its gap) and its answer.
packs-review-cloze = { $question } (answer: { $answer })
packs-review-no-cloze = no gap-fill: the tutor needs a sentence of 5 to 32 words with a word to blank.
packs-review-change-gap = To change a gap, reword the sentence in the notes or change the unit's `tags`.
packs-review-exams-heading = Exam questions
packs-review-exams-none = `exams.json` has no questions yet, so students cannot take exams. Add multiple-choice questions like this one (docs/course-pack.md, “exams.json”); the memo says why the right option is right:
packs-review-course-checklist =
    - [ ] Titles and anchors say what each unit teaches.
    - [ ] The prerequisites are right.
    - [ ] Each misconception is a real mistake, stated as a student would believe it.
    - [ ] Exam questions with memos are added.
    - [ ] `lantern course check` reports no problems.

## REVIEW.md of a drafted module.

packs-review-module-intro = `lantern module new` drafted this module pack from your notes. A program guessed everything below: read it, correct `module.json`, then run `lantern module check` on this folder. This file is not imported.
packs-review-module-id = Module id `{ $id }`, title “{ $title }”, language `{ $code }`.
# Notes parts beyond the most sections a module may have ($count: how many).
packs-review-module-left-out = Parts left out (over the limit of 40 sections): { $count }
packs-review-sections-heading = Sections and topics
packs-review-sections-text = A section opens with its intro; a topic counts as covered when a student uses one of its keywords, sends a form that covers it, or moves on from its section. The keywords below come from each topic's title and its bold or defined terms: add the words a student would really say (three to six), and the same in the other language (`keywords.es` or `keywords.en`).
# A section's drafted intro.
packs-review-intro = Intro: { $intro }
# A drafted topic: its id, title and keywords (in backticks, comma-separated; maybe none).
packs-review-topic = Topic `{ $id }` “{ $title }”: keywords { $keywords }
# A drafted topic whose notes were cut to the longest note a module holds ($max characters).
packs-review-topic-cut = Topic `{ $id }` “{ $title }” (notes cut to { $max } characters): keywords { $keywords }
packs-review-topics-left-out = Topics left out (over the limit of 12 per section, 200 per module): { $count }
packs-review-module-checklist =
    - [ ] Section titles, intros and topic notes say what a student should learn.
    - [ ] Each topic has three to six keywords a student would use, in both languages.
    - [ ] Pictures, videos or sounds are listed in `media` (with `alt` for pictures) and in the sections that show them.
    - [ ] `lantern module check` reports no problems.

## What `lantern module check` and the import say is wrong with a module pack (each
## problem is kept in English and Spanish; the teacher sees their language's).

# A list with too few or too many items ($min, $max: the bounds; $count: how many it has).
packs-module-count = must hold { $min } to { $max } items, not { $count }
# A text over its limit ($count: its characters).
packs-module-length = { $count } characters; at most { $max }
packs-module-not-snake-case = `{ $id }` must be snake_case (a-z, 0-9, _; a letter first)
# A media file whose extension its type does not allow ($kind: image, video or audio).
packs-module-media-type = `{ $file }` is not a supported { $kind } file
packs-module-alt-missing = an image needs an alt text that says what it shows
packs-module-no-topic = there is no topic `{ $id }`
# A form field that is not a choice but lists options ($kind: its type).
packs-module-field-options = a { $kind } field has no options
packs-module-min-max-numeric = min and max are only for number fields
packs-module-max-below-min = max must not be below min
packs-module-format-version = format version { $version } is not supported (this Lantern reads { $supported })
packs-module-id = `{ $id }` must start with a-z or 0-9 and use at most { $max } of a-z, 0-9 and -
packs-module-language = must be `en` or `es`
packs-module-topic-id = `{ $id }` must use a-z, 0-9, - and _
packs-module-no-keywords = needs at least one keyword (en or es)
packs-module-keyword-empty = `{ $word }` has no letters or digits to match
packs-module-media-unlisted = `{ $path }` is not listed in `media`
packs-module-no-form = there is no form `{ $form }`
# A warning of `lantern module check` ($count: the topic's keywords in the module's language).
packs-module-few-keywords = topic `{ $id }` has few keywords in the module's language ({ $count }); progress counts it only when a student uses one of them, so give three to six words a student would say
packs-module-short-stem = keyword `{ $keyword }` of topic `{ $id }` ends in * after fewer than four letters, so it also meets words that mean something else ("can*" meets "cansé"); write the whole word, or a longer stem

## What `lantern course check` and the import say is wrong with a course pack (each
## problem is kept in English and Spanish; the teacher sees their language's).

packs-course-format-version = format version { $version } is not supported (this Lantern reads { $supported })
packs-course-empty = must not be empty
packs-course-id-repeated = `{ $id }` is used more than once
packs-course-outside-pack = must be a relative path inside the pack
packs-course-video-type = `{ $path }`: only .mp4 .webm .ogv .m4v videos are supported
packs-course-content-type = `{ $path }`: only .md .markdown .txt .vtt .srt .pdf files are supported
packs-course-tag = a tag uses only lowercase letters, digits, `_` and `-`
# A drill's foreseen mistake whose tag is not one of the unit's misconceptions.
packs-course-drill-tag = `{ $tag }` is not one of the unit's misconception tags
# A drill template that does not render ($error: why, as the renderer says it, in English).
packs-course-drill-unrenderable = { $error }
packs-course-drill-unreadable-answer = the checker cannot read the answer `{ $answer }`
# A drill whose answer is not what the solver finds for its question.
packs-course-drill-wrong-answer = `{ $answer }` is not the answer to `{ $question }` (solved: `{ $solution }`)
packs-course-unknown-unit = no unit has the id `{ $id }`
packs-course-id = `{ $id }` must start with a letter or digit and use at most { $max } letters, digits, `.`, `_` or `-`
packs-course-no-units = a course needs at least one unit
# $cycle: the units of the cycle, joined by arrows.
packs-course-cycle = the prerequisites form a cycle: { $cycle }
packs-course-question-no-unit = a question needs at least one unit
packs-course-question-options = a question needs at least two options
packs-course-correct-unknown = `{ $correct }` is not one of the options

## Warnings of `lantern course check`: what imports but weakens a course.

# A unit with no drills and no misconceptions ($gaps: how many gap-fill questions its sentences give).
packs-check-unit-no-practice = unit `{ $unit }` has no drill templates and no misconceptions: the tutor can practise it only with gap-fill and true-or-false questions made from its sentences (gap-fills found: { $gaps }). Add `misconceptions` (common mistakes, one sentence each) or `drills`
# An anchor longer than the concept card shows ($shown of $total sentences; $max_sentences, $max_words: the card's limits).
packs-check-anchor-too-long = the anchor has { $total } sentences and { $words } words, but the tutor's concept card shows only the first { $shown } (at most { $max_sentences } sentences, { $max_words } words). Say the unit's idea in two or three sentences and move the rest to the notes
packs-check-unit-no-content = the unit lists no notes in `content`, so the tutor can answer questions only from its anchor
packs-check-unit-empty-notes = the unit's notes have no text, so the tutor can answer questions only from its anchor
packs-check-no-exams = there are no exam questions, so students cannot take an exam or practise past questions; add multiple-choice questions with memos
packs-check-memo-short = the memo of `{ $question }` has { $words } words; students read it after answering, so say why the right option is right and the others are wrong
# A heading of a unit's notes with nothing under it.
packs-check-empty-heading = the heading “{ $heading }” has no text under it, so the tutor never uses it; write the section or remove the heading
# A transcript (.vtt or .srt) without a timed caption.
packs-check-no-cues = no timed captions found (expected `00:00:01.000 --> 00:00:04.000` lines)
# A file a pack lists that is not in it.
packs-check-missing = `{ $path }` is not in the pack
# A pack without its manifest (course.json or module.json).
packs-check-missing-manifest = not in the pack

## A problem's detail in the teacher's language when its rule wrote only English
## (serde's words about a JSON file, the readers' errors): the English detail is kept
## after the summary. (Shown in the other languages: in English the detail is itself
## the English.)
packs-detail = { $what } ({ $detail })
packs-detail-invalid-field = invalid value
packs-detail-not-found = does not exist
packs-detail-unreadable = cannot be read
packs-detail-missing-file = is not in the pack
packs-detail-duplicate-id = an id is repeated
packs-detail-unknown-unit = names something that does not exist
packs-detail-cycle = the prerequisites form a cycle
packs-detail-missing-correct-option = the correct option is not among the options
packs-detail-unsupported-content = file type not supported
packs-detail-pdf-unreadable = the PDF cannot be read or has no text
packs-detail-invalid-drill = the drill template is not right
packs-detail-too-large = over the size limit
packs-detail-too-many-entries = the zip has too many entries
packs-detail-compression-ratio = the zip is compressed more than allowed
packs-detail-duplicate-path = the file is named more than once
packs-detail-too-many-items = more items than allowed
packs-detail-symlink = is a symbolic link or leaves the pack
packs-detail-timed-out = reading took too long
packs-detail-invalid-json = not valid JSON: { $what } ({ $detail })
packs-json-not-valid = not valid JSON
packs-json-eof = the file ends before it is closed
packs-json-trailing-comma = a comma too many
packs-json-expected-comma-or-brace = `,` or `{"}"}` is missing
packs-json-expected-comma-or-bracket = `,` or `]` is missing
packs-json-expected-colon = `:` is missing
packs-json-key-string = a key must be in quotes
packs-json-expected-value = a value is missing
packs-json-trailing-characters = text left over at the end
packs-json-invalid-escape = an escape sequence that is not valid
packs-json-control-character = a control character inside a text
packs-serde-missing-field = missing field { $name }
packs-serde-unknown-field = unknown field { $name }
packs-serde-unknown-variant = unknown variant { $value }
packs-serde-invalid-type = invalid type: { $found }
packs-serde-invalid-value = invalid value: { $found }
packs-serde-invalid-length = invalid length { $found }
packs-serde-no-variant = the value has none of the accepted forms
packs-serde-expected = ; expected { $what }
packs-type-one-of = one of
packs-type-or = or
packs-type-a-string = a string
packs-type-a-sequence = a sequence
packs-type-a-map = a map
packs-type-a-boolean = a boolean
packs-type-u32 = a whole number
packs-type-i64 = a whole number
packs-type-f64 = a number
packs-type-struct = an object
packs-type-integer = integer
packs-type-floating-point = floating point
packs-type-boolean = boolean
packs-type-sequence = sequence
