# The report editor's words (crates/reports): the app's own replies in the report chat
# when it makes a change without the model, asks which section is meant, or explains why
# nothing changed. `{ $section }` is a section's number and title ("2.1 Gutters").

## Where a section goes, inside the words for a change ("add 2 Method after 1 Introduction").

reports-place-after = after { $section }
reports-place-before = before { $section }
reports-place-under = under { $section }
# A section added at the end of the report.
reports-place-end = at the end
# A section moved to the end of the report.
reports-place-move-end = to the end

## One change in words, listed in the confirmation and in the review ("I propose to …").

# A new title; `{ $title }` is the new title, cut at 60 characters with "…".
reports-change-rename = rename { $section } to “{ $title }”
# A body that keeps the old text and adds to it.
reports-change-add-text = add to the text of { $section }
reports-change-rewrite = rewrite the text of { $section }
reports-change-rename-rewrite = rename { $section } to “{ $title }” and rewrite its text
# `{ $place }` is one of the reports-place-… words.
reports-change-add = add { $section } { $place }
# `{ $number }` is the section's number after the move.
reports-change-move = move { $section } { $place } (now { $number })
reports-change-delete = { $subsections ->
    [0] delete { $section }
    [1] delete { $section } and its subsection
   *[other] delete { $section } and its { $subsections } subsections
}

## A number or a few words changed.

# A few words of a section's text replaced: `{ $old }` the words there now, `{ $new }` the new ones.
reports-change-replace = change “{ $old }” to “{ $new }” in { $section }
# A few words taken out of a section's text.
reports-change-remove = remove “{ $old }” from { $section }
# A value the student said fits several places: `{ $choices }` lists them.
reports-value-which = Which one do you mean: { $choices }?
# One place a value may go, in reports-value-which: `{ $text }` what the report says there.
reports-value-choice = “{ $text }” in { $section }

## The confirmation after a turn: the changes proposed, each waiting for review.

reports-confirm-none = I haven't changed anything.
reports-confirm-one = I propose to { $change }. Review it to accept or reject it.
# `{ $changes }` is the changes in words, joined with "; ".
reports-confirm-many = I propose { $count } changes: { $changes }. Review them to accept or reject each.

## "Undo" said in the chat.

# The newest change waiting for review was rejected; `{ $change }` says what it was.
reports-undo-pending = I took back the last change, which was waiting for your review: { $change }.
# The last accepted step was undone; `{ $summary }` says what it was.
reports-undo-accepted = I undid the last accepted step: { $summary }.
# The last accepted step was undone; it has no summary.
reports-undo-accepted-plain = I undid the last accepted step.
reports-nothing-to-undo = I made no change: there is nothing to undo.

## Which section the student means.

# A section as a choice in a question.
reports-section-quoted = “{ $section }”
# The last two choices of a question: `{ $others }` the ones before, joined with ", ".
reports-choices = { $others } or { $last }
# A phrase fits several sections: `{ $sections }` lists them.
reports-which-section = Which section do you mean: { $sections }?
# A phrase names no section and the report has none.
reports-not-found-empty = I can't find “{ $phrase }”: the report has no sections yet.
# A phrase names no section: `{ $sections }` lists the report's first sections, joined with "; ".
reports-not-found = I can't find the section “{ $phrase }”. The sections are: { $sections }.
# "Swap 2 and 2": one section named twice.
reports-swap-same = I made no change: { $section } is one section.
# Two sections of different levels cannot trade places.
reports-swap-levels = I made no change: { $first } and { $second } are at different levels. I can move one of them: “move { $second } before { $first }”.

## When the model cannot help.

# A request needs the model and the model is missing, failed or wrote nothing usable;
# the examples use the report's first and last section numbers.
reports-help = I made no change: I couldn't do that on my own. I understand requests such as: “rename { $first } to …”, “move { $last } before { $first }”, “delete { $last }”, “add a section called … after { $first }”, “set the text of { $first } to: …”.
# The model could not rewrite a named section; `{ $why }` is " (reason)" or nothing.
reports-rewrite-failed = I made no change to { $section }: the model's text was not usable{ $why }. You can edit it by hand (✎) or say “set the text of { $number } to: …”.
# A question about the report answered with the report's own sentence.
reports-question-quote = Here is what { $section } says: “{ $quote }”
# A question about the report that nothing in it answers.
reports-question-not-found = I can't find the answer to that in the report.
# Why a rewrite was refused, inside reports-rewrite-failed: a sentence in another language.
reports-rewrite-not-in-language = part of it was not in { $language ->
    [es] Spanish
   *[en] English
}
# Why a rewrite was refused, inside reports-rewrite-failed: `{ $numbers }` the numbers lost.
reports-rewrite-lost-numbers = it lost { $numbers }
# Why a rewrite was refused, inside reports-rewrite-failed: a shorter text was asked for.
reports-rewrite-not-shorter = it was not shorter
# Why the model's text was dropped, inside reports-rewrite-failed or reports-add-dropped:
# it carried the app's own instructions; `{ $found }` is what it carried ("TASK:").
reports-refused-scaffolding = it carried the app's own instructions: “{ $found }”
# The model's new section was dropped; `{ $why }` says why.
reports-add-dropped = I made no change: the model's new section was not usable ({ $why }).

## Why a change the student asked for cannot be made.

reports-refused-no-change = { $section } is already like that: nothing to change.
reports-refused-move-into-itself = I can't move { $section } inside itself.
reports-refused-too-deep = Sections nest at most { $max } levels deep.
reports-refused-title = A title needs 1 to { $max } characters.
reports-refused-body-too-long = A section's text is limited to { $max } characters.
# Any other refusal; `{ $code }` is the error's code.
reports-refused-other = I couldn't make that change ({ $code }).

## Names the app gives when neither the file nor the student gives one.

# The project imported reports go to when none is named.
reports-default-project = My reports
# The title of a report whose file has no title and no name.
reports-untitled-report = Report
# The title of a section whose heading is empty.
reports-untitled-section = Untitled
