# The guided modules' words in English: quick replies, prompts, milestones, reviews,
# greetings, help and the support message, as the student sees them in a module chat.

# Quick reply that moves on to the next section ($next: its title).
modules-continue-chip = Continue: { $next }
# Quick reply asking about a topic not yet covered ($topic: its title, first letter lowercased).
modules-topic-chip = Tell me about { $topic }
# Quick reply asking for a review of progress.
modules-review-chip = What have we covered?
# Quick reply opening the section's self-check form.
modules-form-chip = Open the self-check
# The next step's prompt when a section opens ($topic: its first uncovered topic, lowercased).
modules-section-prompt = What do you already know about { $topic }? Write freely, or pick a quick reply.
# The next step's prompt after an answer made of the notes.
modules-open-prompt = Tell me more, ask a question, or continue when you're ready.
# The success block when the student has covered every topic.
modules-milestone-complete = 🎉 **100 %** — you've covered every topic of this module. Well done!
# The success block at a milestone short of 100 ($percent: 25, 50 or 75).
modules-milestone-reached = 🎉 You've reached **{ $percent } %** of this module. Great progress!
# A milestone's list of covered topics when more are covered than listed ($shown: the listed ones, comma-separated).
modules-topics-and-more = { $shown }, and { $more } more
# The last two items of a short list of topics ("a, b and c").
modules-list-last = { $rest } and { $last }
# A milestone's success block followed by what is covered so far.
modules-milestone-so-far = { $head } So far: { $list }.
# The heading of a review of progress.
modules-review-heading = Your progress
# The review's summary line.
modules-review-line = You've covered **{ $covered } of { $total } topics** ({ $percent } %).
# The title of the review's list of topics still to explore.
modules-remaining-title = Still to explore:
# The title of the review's list of covered topics.
modules-covered-title = Covered so far:
# The review when no topic is covered yet.
modules-nothing-covered = Nothing is covered yet — that's fine, we're just starting.
# The heading when the student has walked through every section.
modules-finished-heading = You've finished the module
# The closing words when the module is finished ($title: the module's title).
modules-finished-text = You've walked through every section of **{ $title }**. You can go back to any section, review what you covered, or keep asking questions.
# A success line when a section is completed ($section: its title).
modules-section-done = Section **{ $section }** done.
# Introduces the section's self-check form.
modules-form-intro = Here is an optional self-check. Fill it in if it helps — or just tell me in your own words.
# Said when the student asks for a form and the module has none.
modules-no-form = This module has no self-check form here. Tell me in your own words how things are going.
# Thanks for a submitted form.
modules-form-thanks = Thank you for filling in the self-check.
# Answers a greeting ($section: the current section's title).
modules-social-greeting = Hi! We're in **{ $section }**. Ask me anything about it, share how things are for you, or continue when you're ready.
# Answers a message that only acknowledges ("ok", "👍"), with no question in it ($section: the current section's title).
modules-acknowledged = Good. Ask me anything about **{ $section }**, or continue when you're ready.
# Answers thanks.
modules-social-thanks = You're welcome. Take your time — I'm here when you want to go on.
# Answers a question about what the module is about ($description: the pack's own description, in its language; $section: the current section's title).
modules-about = What this module covers: { $description } We are in **{ $section }** now — ask me anything about it, or continue when you are ready.
# Answers a goodbye.
modules-farewell = See you next time — your progress in this module is saved.
# Answers a short request for help with the app.
modules-social-help = Write anything in your own words — questions, how you feel, what you've tried. The quick replies are shortcuts; **Continue** moves to the next section, the section list takes you anywhere, and forms are always optional.
# The support message, shown first when a student's words suggest they may be in danger.
modules-crisis = It sounds like you're going through something really hard. You deserve support right now: please talk to someone you trust — a family member, a friend, a teacher or your school counsellor — or call your local emergency number if you might be in danger.
# Follows the support message.
modules-crisis-follow-up = I'm a study guide, not a counsellor, but I'm glad you told me. We can carry on with the module whenever you want.
# Opens an answer made of the module's notes, when the model is missing or unusable ($topic: the topic's title).
modules-notes-lead = Here is what the module says about **{ $topic }**:
# Opens the note's sentence the model picked as the answer, quoted in the note's language when the student writes in the other ($language: the note's, en or es).
modules-across-lead = The module answers this in { $language ->
    [es] Spanish
   *[en] English
}:
# A school's distress-words.txt over its size limit ($max: the limit in bytes).
modules-distress-file-too-large = The school's distress-words.txt is over { $max } bytes; its phrases are not used until it is shorter.
# A school's distress-words.txt that cannot be read as text ($why: the reason).
modules-distress-file-unreadable = The school's distress-words.txt could not be read as text ({ $why }); its phrases are not used until it is fixed.
# A school's distress-words.txt that is a link, a folder or a device, not a plain file.
modules-distress-file-not-a-file = The school's distress-words.txt is a link, a folder or a device, not a plain file; its phrases are not used until it is a plain text file.
# A bad line of a school's distress-words.txt ($line: its number; $words: the most words of a phrase).
modules-distress-file-bad-phrase = Line { $line } of the school's distress-words.txt is not one phrase of at most { $words } words with a letter (a * only at its end); its phrases are not used until it is fixed.
# A school's distress-words.txt with too many phrases ($max: the limit).
modules-distress-file-too-many = The school's distress-words.txt adds more than { $max } phrases; its phrases are not used until it has fewer.
# A topic's title quoted in a sentence of another language than the module's ($title: as written).
modules-quoted-title = “{ $title }”
