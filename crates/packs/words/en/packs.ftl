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
packs-review-units-text = Units follow the order of your notes, and each requires the one before it: `prerequisites` in `course.json`, where `{"{"} "from": "A", "to": "B" {"}"}` means A before B. Delete an edge where a unit does not need the one before it; add one where it needs an earlier unit.
# A unit's notes file in the pack ($path) and the teacher's file it was copied from ($from).
packs-review-notes = Notes: `{ $path }` (from `{ $from }`)
# The unit's drafted prerequisite ($unit: its id).
packs-review-requires = Requires: `{ $unit }`
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
