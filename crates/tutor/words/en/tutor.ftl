# The tutor's words (lantern-tutor): what the app writes in a tutor thread. Placeables
# are filled by the code: course and unit titles, expected answers, the student's option.

## The verdict on the student's answer or claim (the first line of a turn)

# An answer to the tutor's own question, right.
tutor-verdict-right-answer = Right!
# A claim of the student's own that the unit's material confirms.
tutor-verdict-right-claim = Yes, that's right.
# Partly right, with the full answer.
tutor-verdict-partly-expected = Partly. The full answer is “{ $expected }”.
# Partly right, when there is no single answer to give.
tutor-verdict-partly = Partly.
# Wrong, with the answer.
tutor-verdict-not-yet-expected = Not yet: the answer is “{ $expected }”.
# Wrong, when there is no single answer to give (the reason follows).
tutor-verdict-not-yet = Not quite.

## What the tutor works on

# The student's message was about nothing in the course: the unit the tutor works on.
tutor-transition-focus = Let's work on “{ $focus }”.
# Lead-in to a concept card ("I'm stuck").
tutor-concept-lead = Here are the key ideas of “{ $title }”.
# Lead-in to a drill on a prerequisite of the unit the student works towards.
tutor-drill-lead-prerequisite = Before “{ $target }”, let's practise “{ $focus }”.
# Lead-in to a drill.
tutor-drill-lead = Let's practise “{ $focus }”.

## Hints under a concept card, on the drill the student is stuck on

# A fill-in-the-gap drill: the missing word's first letter and length.
tutor-hint-cloze = Hint for the drill: the missing word starts with “{ $first }” and has { $letters } letters.
# The same for an answer of several words (spaces are not letters).
tutor-hint-cloze-words = Hint for the drill: the missing words start with “{ $first }” and have { $letters } letters in { $words } words.
# A drill with a foreseen mistake: the misconception's text follows.
tutor-hint-misconception = Hint for the drill: watch out for a common mistake: { $mistake }
# Any other drill.
tutor-hint-key-ideas = Hint for the drill: compare it with the key ideas above.

## Exam questions offered in a turn

# Beside the answer to a typed question.
tutor-exam-offer-beside = When you're ready, here is an exam question on “{ $title }”.
# On its own.
tutor-exam-offer-ready = You're ready for an exam question on “{ $title }”.
# "Try again" on the revisit list, the question open.
tutor-revisit-again = Here is that question on “{ $title }” again. Take your time.
# "Try again" on the revisit list, the question still locked (a drill follows).
tutor-revisit-not-open = That question is not open yet: the revisit list shows when it opens.
# "Try again" on a question no longer on the revisit list (a drill follows).
tutor-revisit-gone = That question is no longer on your revisit list.

## Drill instructions (shown on the drill card above the question)

# An exam question of a lower tier, practised with its options.
tutor-choice-prompt = Choose one option: answer with its letter.
# A worked step showing a misconception, to judge.
tutor-step-prompt = Is this step right? Answer yes or no.
# Explain-back on the unit's main idea.
tutor-explain-back-prompt = In your own words: what is the main idea of “{ $title }”?

## The app's feedback on a graded drill (the model's sentence, if any, follows)

tutor-grade-correct = Correct — well done.
# Equivalent but not in its simplest form.
tutor-grade-not-simplified = Your answer is equivalent but not simplified; write it as { $expected }.
# The checker could not read the answer.
tutor-grade-unreadable = I could not read that as an answer. The expected answer was { $expected }.
tutor-grade-not-quite = Not quite: the answer is { $expected }.

## Exam events (the outcome card's words, and the student's side of the timeline)

# An exam answer that passed.
tutor-exam-passed = Correct — a pass on “{ $title }”.
# A wrong exam answer: the question locks for 24 hours.
tutor-exam-incorrect = Not this time. The question is locked for 24 hours; let's practise “{ $title }” and come back to it.
# After the worked solution or the video was viewed.
tutor-exam-support-viewed = Here is the worked solution. The question is locked for 24 hours, then you can try it again.
# Added after an exam event's words when the unit's mastery tier rose.
tutor-exam-mastery-up = Your mastery went up.
# Added after an exam event's words when a failed re-check flagged the unit.
tutor-exam-review-flagged = This was a review question, so the unit is marked for review.
# The student's side of the timeline for a submitted exam answer (the option's letter).
tutor-exam-my-answer = My answer: { $option }
# The student's side of the timeline after viewing the worked solution.
tutor-exam-viewed-memo = (viewed the worked solution)
# The student's side of the timeline after watching the video.
tutor-exam-watched-video = (watched the video walkthrough)

## Answering a typed question (issue #47)

# After the answer: the unit asked about builds on one the student has not mastered; a
# button under it checks that one. The student may also keep asking.
tutor-offer-prerequisite = The unit “{ $asked }” builds on “{ $focus }”. Want to check “{ $focus }” first?
# The message could be about either of two units: one question naming both, nothing else.
tutor-clarify = Do you mean “{ $first }” or “{ $second }”?
# The reply is in English but the course is written in Spanish: said once, under the quote.
tutor-material-in-spanish = Your course's notes are in Spanish, so the passage above is quoted as they say it.
# The reply is in Spanish but the course is written in English.
tutor-material-in-english = Your course's notes are in English, so the passage above is quoted as they say it.
# The student typed that they are stuck on a question that has no one-word hint: the
# passage above (from the notes) helps.
tutor-hint-passage = Here is what your notes say about it. Try the question again with that in mind.
# A question about one of the unit's common mistakes (its misconceptions list): quoted,
# so a false premise is never left standing. It says what the notes call a mistake, not
# that the student made it.
tutor-common-mistake = Your notes list a common mistake about this: “{ $mistake }”
