# The expense assistant's answers about the spending itself (crates/expenses/src/stats.rs):
# figures worked out by code from the rows, never by the model.

## Answers about the spending itself (biggest, by category, average); { $span } is " this month" or empty

expenses-stats-none = You have no expenses{ $span }, so there is nothing to compare.
expenses-stats-biggest = Your biggest expense{ $span } is { $item }, { $amount }, on { $date }.
expenses-stats-smallest = Your smallest expense{ $span } is { $item }, { $amount }, on { $date }.
# { $lines } are the categories' totals, "food £45.50; transport £20.00".
expenses-stats-by-category = By category{ $span }: { $lines }.
expenses-stats-top-category = You spent the most on { $category }{ $span }: { $amount } ({ $n } { $n ->
        [one] expense
       *[other] expenses
    }). By category: { $lines }.
expenses-stats-monthly-average = On average you spend { $average } a month ({ $total } over { $n } month(s){ $span }).
expenses-stats-weekly-average = On average you spend { $average } a week ({ $total } over { $n } week(s){ $span }).
