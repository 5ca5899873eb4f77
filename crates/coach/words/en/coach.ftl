### The argument coach's words: every sentence the coach says to the student, and the
### headings of the exported argument. A step's messages choose their text by `$step`
### (claim, grounds, warrant, groundsBacking, warrantBacking, qualifier, rebuttal); a
### weakness's by `$weakness` (the codes in crates/coach/src/weak_text.rs).

# Closes the conversation once the last step is saved and the argument is complete.
coach-argument-complete = Your argument is complete: all seven parts are saved in your draft. You can still change any part, or save the whole argument to hand it in.

# The question that opens a step (its first message, and the offline guide's fallback question).
coach-opening-question = { $step ->
    [claim] Let's start with your claim: what position do you want to argue, in one sentence?
    [grounds] Now the grounds: what facts, data or examples support your claim?
    [warrant] Next, the warrant: why do those grounds show that your claim is true?
    [groundsBacking] Backing for the grounds: where does your evidence come from, and why can it be trusted?
    [warrantBacking] Backing for the warrant: what makes the link between grounds and claim believable?
    [qualifier] The qualifier: how strongly do you make your claim — always, usually, probably?
   *[rebuttal] Finally, the rebuttal: in which cases would your claim not hold?
}

# What a step is, in one sentence (help requests, and the text of the guide's replies).
coach-step-meaning = { $step ->
    [claim] The claim is the position you argue, in one clear sentence.
    [grounds] The grounds are the facts, data or examples that support your claim.
    [warrant] The warrant explains why your grounds support your claim.
    [groundsBacking] The backing for the grounds says where your evidence comes from and why it is reliable.
    [warrantBacking] The backing for the warrant shows why the link between grounds and claim is believable.
    [qualifier] The qualifier says how strongly you make your claim: always, usually, probably.
   *[rebuttal] The rebuttal names the cases in which your claim would not hold.
}

# Why a step matters to a reader, for a student who asks why it is needed.
coach-step-purpose = { $step ->
    [claim] A clear claim tells the reader exactly what you argue, so everything after it has something to support.
    [grounds] Without evidence a reader has only your word; a number, a place or an example lets them check it.
    [warrant] Evidence does not speak for itself: a doubter needs the step from your facts to your claim spelled out.
    [groundsBacking] A reader trusts evidence more when they know who gathered it and how.
    [warrantBacking] A doubter may accept your facts and still question the link; backing shows it is more than your opinion.
    [qualifier] Saying how far your claim reaches means a single exception cannot knock it down.
   *[rebuttal] Naming the exceptions yourself shows a reader you have thought about the other side.
}

# An example of a text for a step, on a topic of its own.
coach-step-example = { $step ->
    [claim] A claim sounds like this: "Our town should plant more trees on school streets".
    [grounds] Grounds sound like this: "Our street was 4 degrees hotter than the park in June".
    [warrant] A warrant sounds like this: "Trees give shade, so streets with trees stay cooler".
    [groundsBacking] Backing for grounds sounds like this: "We measured with the same thermometer at noon for a week".
    [warrantBacking] Backing for a warrant sounds like this: "City studies find shaded streets are cooler in summer".
    [qualifier] A qualifier sounds like this: "probably, on sunny summer days".
   *[rebuttal] A rebuttal sounds like this: "unless the trees block the only bus stop".
}

# Said of the student's text when it fits the step.
coach-fits = { $step ->
    [claim] That is a clear position you can argue.
    [grounds] That is the kind of evidence the grounds need.
    [warrant] That explains how your grounds lead to your claim.
    [groundsBacking] That tells a reader where your evidence comes from.
    [warrantBacking] That gives a reason to trust the link in your warrant.
    [qualifier] That says both how sure you are and where your claim holds.
   *[rebuttal] That names a real case where your claim would fail.
}

# Introduces a proposal shown below the reply.
coach-proposal-intro = { $step ->
    [claim] Here is your position written as one claim.
    [grounds] Below are your grounds, ready for the draft.
    [warrant] This warrant spells out the link between evidence and claim.
    [groundsBacking] This backing says where your evidence comes from.
    [warrantBacking] This backing supports the link your warrant makes.
    [qualifier] This qualifier sets how far your claim reaches.
   *[rebuttal] This rebuttal names the exception to your claim.
}

# Asks about a proposal shown below the reply.
coach-proposal-question = { $step ->
    [claim] Is this the position you want to defend?
    [grounds] Do these grounds say what you found?
    [warrant] Does this link say what you mean?
    [groundsBacking] Is that where your evidence really comes from?
    [warrantBacking] Would this convince a doubtful reader?
    [qualifier] Is that as strong as you want to be?
   *[rebuttal] Is that the exception you want to admit?
}

# Asks about a proposal shown a second time: save it and go on?
coach-proposal-question-again = { $step ->
    [claim] Shall we save this claim and look for evidence next?
    [grounds] Ready to save these grounds and explain how they prove your point?
    [warrant] Shall we save this warrant and say where your evidence comes from?
    [groundsBacking] Ready to save this source and back up your warrant too?
    [warrantBacking] Shall we save this support and decide how strongly you claim it?
    [qualifier] Ready to save this qualifier and name an exception?
   *[rebuttal] Shall we save this rebuttal and finish your argument?
}

# The question after a yes to a proposal once both proposal questions were asked.
coach-proposal-question-third = Would you change anything in it before you accept it?

# Why a proposal fits, for a proposal that came without a reason.
coach-rationale = { $step ->
    [claim] States your position in one clear sentence.
    [grounds] Gives evidence that supports the claim.
    [warrant] Links the grounds to the claim.
    [groundsBacking] Says where the evidence comes from.
    [warrantBacking] Shows why the link can be trusted.
    [qualifier] Says how strongly and where the claim holds.
   *[rebuttal] Names when the claim would not hold.
}

# The question that helps with what is weak in the student's text (empty and too short texts get the step's opening question).
coach-weakness-question = { $weakness ->
    [claim_includes_reason] What is your position in one sentence, without the reason?
    [claim_looks_like_grounds] What do those facts make you believe should happen?
    [is_question] What is your own answer to that question, written as a statement you can defend?
    [missing_link] Why do your grounds show that your claim is true?
    [missing_hedge] Is your claim true always, usually, or only probably?
    [missing_exception] In which case would your claim not hold?
    [opinion_as_evidence] What fact or example made you think so?
    [rebuttal_at_other_step] What evidence do you have on your own side?
    [reply_at_other_step] What evidence do you have on your own side?
    [source_without_finding] What does that source say or show about your claim?
   *[hedge_alone] For whom, or in which situations, does that hold?
}

# What is weak in the student's text, in one sentence (also the message when "next step" is refused).
coach-weakness-explained = { $weakness ->
    [empty] Nothing is written for this step yet.
    [too_short] It is too short to stand on its own; say a little more.
    [is_question] It is a question; write it as a statement.
    [claim_looks_like_grounds] It reads like evidence; the claim should state your position, and the evidence goes in the grounds.
    [claim_includes_reason] Your claim mixes in a reason; the claim states your position, and the reason goes in the grounds.
    [missing_link] It does not yet explain why the grounds support the claim; a warrant often starts with "this shows that" or uses "because".
    [missing_hedge] Say how strongly you claim it, with a word such as usually, probably or in most cases.
    [missing_exception] Name a case where the claim would not hold, starting with unless or except when.
    [opinion_as_evidence] That is your opinion offered as evidence; give a fact, a figure or an example someone else could check.
    [rebuttal_at_other_step] That is an objection someone against your claim would raise; keep it for the rebuttal, the last step.
    [reply_at_other_step] That is a reply to the other side's view; we will use it at the rebuttal, the last step, so keep it for then.
    [perhaps_rebuttal] If that is a view against your claim, keep it for the rebuttal, the last step.
    [source_without_finding] That names where the evidence comes from, its source, which goes in the backing; the grounds need what the source found or says.
   *[hedge_alone] A hedge word alone says how sure you are, not for whom or when the claim holds (probably, in most lessons).
}

# The same point in other words, for when the first explanation was already said.
coach-weakness-explained-again = { $weakness ->
    [empty] This step is still blank.
    [too_short] A few more words would make clear what you mean.
    [is_question] Turn the question into a statement you can defend.
    [claim_looks_like_grounds] Those facts are good evidence; keep them for the grounds and state the position they lead to.
    [claim_includes_reason] Keep the reason for the grounds step; the claim is only your position.
    [missing_link] Say how the grounds connect to the claim, for example by starting with "this shows that".
    [missing_hedge] Add a word that shows how sure you are, such as usually or probably.
    [missing_exception] Think of a case where your claim would not hold, and start it with unless.
    [opinion_as_evidence] An opinion cannot prove itself; name something you saw, counted or read.
    [rebuttal_at_other_step] Objections come last, in the rebuttal; for now, build your own side.
    [reply_at_other_step] Answers to objections come last, with the rebuttal; for now, build your own side.
    [perhaps_rebuttal] A view against your claim waits for the rebuttal, the last step.
    [source_without_finding] A source alone is not evidence yet; say what it found, and keep its name for the backing.
   *[hedge_alone] Say for whom or when it holds, not only how sure you are.
}

# Answers a question about where the argument stands ("what step am i on", "how many are left", "go back to the claim", "skip this"): $step, its $number among the seven parts.
coach-where-we-are = We are on { $step ->
    [claim] the claim
    [grounds] the grounds
    [warrant] the warrant
    [groundsBacking] the backing for the grounds
    [warrantBacking] the backing for the warrant
    [qualifier] the qualifier
   *[rebuttal] the rebuttal
}, part { $number } of 7. You can change any part already saved in the draft; to move on, accept a text for this part or choose "Done — next step".

# The step's name inside other sentences ("Your claim now reads: …").
coach-step-name = { $step ->
    [claim] claim
    [grounds] grounds
    [warrant] warrant
    [groundsBacking] backing
    [warrantBacking] backing
    [qualifier] qualifier
   *[rebuttal] rebuttal
}

# The first question after the opening one, when the session said that one already.
coach-follow-up-first = { $step ->
    [claim] What exactly should change, and for which people?
    [grounds] What have you seen, counted or read that backs your claim?
    [warrant] What rule connects your evidence to your claim?
    [groundsBacking] Who collected that evidence, and how?
    [warrantBacking] Who else agrees that this link holds?
    [qualifier] For whom, or when, is your claim true?
   *[rebuttal] What would someone against your claim point to?
}

# The next question, when the session said the first follow-up already.
coach-follow-up-second = { $step ->
    [claim] If a friend disagreed, what exactly would they disagree with?
    [grounds] Can you give one example with a number or a place in it?
    [warrant] If your grounds are true, why must your claim be true too?
    [groundsBacking] Why should a reader trust where those facts come from?
    [warrantBacking] What study, expert or experience shows the link is real?
    [qualifier] Would you say always, usually or only sometimes?
   *[rebuttal] Is there a place or a group where it would not work?
}

# The last follow-up question.
coach-follow-up-third = { $step ->
    [claim] Who would disagree with you, and about what exactly?
    [grounds] Which one fact would convince a classmate who doubts you?
    [warrant] What general rule makes your evidence count for this claim?
    [groundsBacking] Could someone else check those facts, and where?
    [warrantBacking] What would you show a doubtful reader to prove that link?
    [qualifier] Where does your claim stop being true?
   *[rebuttal] What could make your plan fail?
}

# The answer to thanks (three wordings, so a session never repeats one); the step's question follows.
coach-thanks-first = You're welcome.
coach-thanks-second = Glad to help.
coach-thanks-third = Good, let's keep going.

# The answer to a greeting (three wordings); the step's question follows.
coach-greeting-first = Hello!
coach-greeting-second = Hi again!
coach-greeting-third = Good to see you.
# The answer to a goodbye (three wordings); what the student kept is in their draft, and a
# proposal they have not accepted stays below it. The step's question follows.
coach-goodbye-first = See you soon; everything you have accepted is saved in your draft.
coach-goodbye-second = Bye for now; your draft keeps what you have accepted.
coach-goodbye-third = Good work today; your draft will be here next time.

# The answer to a question about what a step allows ("can I use my own school?"); the step explained follows.
coach-your-choice = That is your choice, as long as the text does this step's job.

# A no to the pending question ("nope", "para nada"): nothing is taken.
coach-declined-first = All right, we leave that text out of your draft.
coach-declined-second = Fine, that one stays out; let us try other words.

# Introduces a proposal shown before, quoting it.
coach-proposal-intro-again = Accept it below to save "{ $value }" in your draft.

# Introduces a proposal a third time, once both other introductions were said.
coach-proposal-intro-third = It is ready below; accept it and it goes into your draft.

# A request to write the step ("make my warrant for me") with no text of the student's to start from and no usable proposal.
coach-write-for-me = I need a first version in your own words to work from; write one rough sentence for this step, even an unfinished idea, and I will help you shape it.
coach-unclear-reply = I could not tell whether that means yes.

# Asks the student to confirm the text their message offered for the step.
coach-offer-question = Is "{ $offered }" the { $name } you want to keep?

# Opens the next step once a step is completed, quoting the student's text ($name: the step's name).
coach-saved-line = { $step ->
    [grounds] Your { $name } now read: "{ $text }".
   *[other] Your { $name } now reads: "{ $text }".
}

# Carries the argument so far into the step being opened, when the completed text was quoted already.
coach-bridge = { $step ->
    [claim] Let's start with the position you want to argue.
    [grounds] A claim like yours convinces only with evidence a reader can check.
    [warrant] You have evidence; a reader still needs to see why it proves "{ $claim }".
    [groundsBacking] Your evidence and its link are in place; now show that the evidence itself can be trusted.
    [warrantBacking] Your evidence has a source; a doubter may still question the link itself.
    [qualifier] Your case for "{ $claim }" is built; few claims hold always and for everyone.
   *[rebuttal] One step left: being fair to the other side makes your argument stronger.
}

# The app's rewrite of a warrant without a link: the student's text linked to their claim.
coach-linked-warrant = { $text }, so { $claim }.

# The heading of each element in the exported argument (Markdown sections, Argdown titles).
coach-export-heading = { $step ->
    [claim] Claim
    [grounds] Grounds
    [warrant] Warrant
    [groundsBacking] Backing for the grounds
    [warrantBacking] Backing for the warrant
    [qualifier] Qualifier
   *[rebuttal] Rebuttal
}

# The qualifier, as a comment on the claim in the exported Argdown.
coach-export-qualifier = qualifier: { $qualifier }

# After a text that may be the other side's view: what it needs if it is on the student's side ($advice: what is weak in it as this step's text, its first letter in lower case).
coach-perhaps-on-your-side = If it is on your side, { $advice }
# The same, when nothing is weak in it as this step's text.
coach-perhaps-fits = If it is on your side, say how it supports your claim.

# At the rebuttal's opening: the other side's view the student gave at an earlier step, kept for this one.
coach-objection-kept = Earlier you gave the other side's view, "{ $text }"; your rebuttal can start from it.

# The app's remark on a warrant when the model's own was refused: the two ideas of the
# student's warrant the model picked ($from, then $to: their words, in the text's order).
coach-remark-link = Your warrant links the idea "{ $from }" to the idea "{ $to }".

# The app's remark on the detail of a student's text the model picked ($detail, the
# student's words): what the detail is ($kind: figure, source or other) for the step.
coach-remark-detail = { $step ->
    [claim] Your claim takes a position: { $detail }.
    [grounds] { $kind ->
        [figure] Your evidence names a number: { $detail }.
        [source] Your evidence names a source: { $detail }.
       *[other] Your evidence mentions { $detail }.
    }
    [groundsBacking] { $kind ->
        [figure] Your backing names a number: { $detail }.
        [source] Your backing names a source: { $detail }.
       *[other] Your backing mentions { $detail }.
    }
    [warrantBacking] { $kind ->
        [figure] Your backing names a number: { $detail }.
        [source] Your backing names a source: { $detail }.
       *[other] Your backing mentions { $detail }.
    }
    [qualifier] You say where your claim holds: { $detail }.
   *[rebuttal] You name a case where your claim fails: { $detail }.
}
