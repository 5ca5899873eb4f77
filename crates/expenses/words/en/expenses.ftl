# The expense assistant's words (crates/expenses): replies built by code from the
# stored rows, the questions it asks, refusals and help. Amounts and dates arrive
# already written ({ $amount } is "£200.00", { $date } is "2026-11-23").

## Category names, in replies and in the per-category totals

expenses-category-food = food
expenses-category-transport = transport
expenses-category-housing = housing
expenses-category-utilities = utilities
expenses-category-health = health
expenses-category-education = education
expenses-category-leisure = leisure
expenses-category-shopping = shopping
expenses-category-other = other

## Days and spans of days inside a reply

# A day that is today, with its date: "today (2026-11-23)".
expenses-day-today = today ({ $date })
# A day that is yesterday, with its date.
expenses-day-yesterday = yesterday ({ $date })
# The day of an expense added or proposed: "for today (2026-11-23)".
expenses-for-day = for { $day }
# A total or list over every expense, whatever the day.
expenses-range-total = in total
expenses-range-today = today
expenses-range-yesterday = yesterday
expenses-range-this-week = this week
expenses-range-last-week = last week
expenses-range-this-month = this month
expenses-range-last-month = last month
expenses-range-this-year = this year
expenses-range-last-year = last year
expenses-range-last-7-days = in the last 7 days
expenses-range-last-30-days = in the last 30 days
# A span with no name of its own.
expenses-range-between = from { $from } to { $to }
# A category a total or list is limited to, after the amount: "You've spent £12.00 on food …".
expenses-on-category = on { $category }
# Joins totals in different currencies: "£12.00 and €5.00".
expenses-and = and

## What was done, from the stored rows

expenses-added = I've added your { $item }, { $amount }, { $day } (#{ $id }, { $category }).
# One part of what a change did or would do: "amount £80.00 → £150.00".
expenses-change-item = item «{ $before }» → «{ $after }»
expenses-change-amount = amount { $before } → { $after }
expenses-change-date = date { $before } → { $after }
expenses-change-category = category { $before } → { $after }
# { $changes } are the parts above, joined by "; ".
expenses-updated = I've changed your { $item } (#{ $id }): { $changes }.
expenses-deleted = I've deleted your { $item }, { $amount }, from { $date } (#{ $id }).
# A total with no expenses to count; { $on } is " on food" or empty.
expenses-balance-none = You've spent { $zero }{ $on } { $span } — there are no expenses to count.
expenses-balance = You've spent { $total }{ $on } { $span } ({ $n } { $n ->
        [one] expense
       *[other] expenses
    }).
expenses-listed-none = You have no expenses{ $on } { $span }.
# The last line of a long list in words (the table shows every row).
expenses-listed-more = and { $more } more in the table
# { $lines } are the expenses, each "#7 mechanic fee, £80.00, 2026-11-20", joined by "; ".
expenses-listed = You have { $n } { $n ->
        [one] expense
       *[other] expenses
    }{ $on } { $span }, { $total } altogether: { $lines }.

## The question on a proposal's card, before anything runs

expenses-propose-add = Shall I add { $item }, { $amount }, { $day } ({ $category })?
expenses-propose-update = Shall I change your { $item } (#{ $id }): { $changes }?
expenses-propose-delete = Shall I delete { $expense }?
# A change or removal whose expense is not among the rows at hand.
expenses-propose-by-id = Shall I go ahead with expense #{ $id }?
expenses-propose-lookup = Shall I look that up?

## Questions when something is missing

expenses-ask-item-and-amount = What did you buy or pay for, and how much was it?
expenses-ask-amount = How much was the { $item }?
expenses-ask-item = What was the { $amount } for?
# An add that has its item and amount but is asked about anyway.
expenses-ask-anything-else = Is there anything else to add?
# The day was named in words the app could not read.
expenses-ask-day = Which day was the { $item }, { $amount }? Tell me a date such as “the 1st”, “last Friday” or “20/11”.
# A shared cost with no count of people.
expenses-ask-share = How many people shared the { $amount }, you included? Or tell me how much your part was.
# Money received, with the amount read: nothing is recorded.
expenses-income-amount = That sounds like money you received ({ $amount }), not spending, so I haven't recorded it: I keep track of expenses only. If you spent some of it, tell me what on.
# Money received, no amount read: nothing is recorded.
expenses-income = That sounds like money you received, not spending, so I haven't recorded it: I keep track of expenses only. If you spent some of it, tell me what on.
# Several expenses fit a change or removal; { $expenses } lists them.
expenses-ask-which = Which one do you mean? { $expenses }.
expenses-ask-which-named = Which of these is “{ $named }”? { $expenses }.
# A change or removal when the profile has no expenses at all.
expenses-nothing-to-change = You don't have any expenses yet, so there is nothing to change.
# No expense fits a change or removal; { $expenses } are the latest ones.
expenses-ask-not-found = I couldn't find that expense. Which one do you mean? The latest are: { $expenses }.
expenses-ask-not-found-named = I couldn't find an expense for “{ $named }”. Which one do you mean? The latest are: { $expenses }.
# A change that names its expense but not what changes.
expenses-ask-change = What should I change about { $expense } — the amount, the date, the item or the category?
# After a "no" to a proposal.
expenses-cancelled = OK, I haven't changed anything. What would you like me to do instead?

## Refusals: nothing was changed

# A viewer profile asked to add, change or delete.
expenses-refuse-forbidden = Your profile can only view expenses here, so I can't add, change or delete them. I can show your expenses or your balance.
expenses-refuse-not-found = There is no expense #{ $id } in this profile.
# The model's answer could not be read twice.
expenses-refuse-unreadable = I couldn't read the assistant's answer, so nothing was changed. Could you say that another way?
# Any other error; { $error } is the error's own (English) text.
expenses-refuse-other = I can't do that: { $error }. Nothing was changed.

## Greetings, thanks and help

expenses-thanks = You're welcome. Tell me whenever you spend something, or ask for a total.
# The answer to a greeting or a request for help, and when the model's words are unusable.
expenses-help = I can add, list, total, correct and delete your expenses. Try “Add lunch £12 today”, “How much did I spend this month?” or “Delete the taxi from yesterday”.

## What the student's side of the chat shows when they press a proposal card's button

expenses-confirm-button = Confirm
expenses-cancel-button = Cancel
# Money lent, borrowed or paid back: nothing is recorded.
expenses-loan = Money lent, borrowed or paid back isn't spending, so I haven't recorded it: I keep track of expenses only. If you bought something with it, tell me what.
# A refund whose expense is known, but not how much came back.
expenses-ask-refund = How much of { $expense } was refunded?
# The arithmetic behind an amount the app computed, shown with the proposal.
expenses-working-times = That is { $count } × { $price } = { $total }.
expenses-working-split = That is { $total } ÷ { $parts } = { $share }.
expenses-working-refund = That is { $before } − { $refund } = { $after }.
# The model's reading of a message did not pass the checks: the student's words are quoted.
expenses-ask-unsure = I'm not sure what to record from “{ $quote }”. What did you buy, how much was it, and when?
