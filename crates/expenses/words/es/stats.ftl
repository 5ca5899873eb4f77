# Las respuestas del asistente de gastos sobre el propio gasto (crates/expenses/src/stats.rs):
# cifras calculadas por el código a partir de las filas, nunca por el modelo.

## Preguntas sobre el propio gasto

expenses-stats-none = No tienes gastos{ $span }, así que no hay nada que comparar.
expenses-stats-biggest = Tu gasto más grande{ $span } es «{ $item }», { $amount }, del { $date }.
expenses-stats-smallest = Tu gasto más pequeño{ $span } es «{ $item }», { $amount }, del { $date }.
expenses-stats-by-category = Por categoría{ $span }: { $lines }.
expenses-stats-top-category = Donde más gastaste{ $span } fue en { $category }: { $amount } ({ $n } { $n ->
        [one] gasto
       *[other] gastos
    }). Por categoría: { $lines }.
expenses-stats-monthly-average = De media gastas { $average } al mes ({ $total } en { $n } mes(es){ $span }).
expenses-stats-weekly-average = De media gastas { $average } a la semana ({ $total } en { $n } semana(s){ $span }).
