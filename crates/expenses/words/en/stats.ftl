# The expense assistant's answers about the spending itself (crates/expenses/src/stats/):
# figures worked out by code from the rows, never by the model. Amounts arrive written
# ("£85.00"); { $span } is what the figure covers, " on food this month", " this month"
# or empty.

## The single biggest or smallest expense, the categories

stats-none = You have no expenses{ $span }.
stats-biggest = Your biggest expense{ $span } is { $item }, { $amount }, on { $date }.
stats-smallest = Your smallest expense{ $span } is { $item }, { $amount }, on { $date }.
# { $lines } are the categories' totals, "food £45.50; transport £20.00".
stats-by-category = By category{ $span }: { $lines }.
stats-top-category = You spent the most on { $category }{ $span }: { $amount } ({ $n } { $n ->
        [one] expense
       *[other] expenses
    }). By category: { $lines }.

## Averages: the total over the span divided by its days, weeks or months ({ $n });
## { $tense } is "past" when the span is over

stats-daily-average = On average you { $tense ->
        [past] spent
       *[other] spend
    } { $average } a day ({ $total } over { $n } { $n ->
        [one] day
       *[other] days
    }{ $span }).
stats-weekly-average = On average you { $tense ->
        [past] spent
       *[other] spend
    } { $average } a week ({ $total } over { $n } { $n ->
        [one] week
       *[other] weeks
    }{ $span }).
stats-monthly-average = On average you { $tense ->
        [past] spent
       *[other] spend
    } { $average } a month ({ $total } over { $n } { $n ->
        [one] month
       *[other] months
    }{ $span }).

## A span against the one before it: { $when } is the later span ("this month"), { $then }
## the earlier ("last month"), { $on } " on food" or empty

stats-compare-more = You've spent { $now }{ $on } { $when } and { $before } { $then }: { $difference } more { $when }.
stats-compare-less = You've spent { $now }{ $on } { $when } and { $before } { $then }: { $difference } less { $when }.
stats-compare-same = You've spent { $now }{ $on } { $when }, the same as { $then }.
stats-compare-none = You have no expenses{ $on } { $when } or { $then }.
