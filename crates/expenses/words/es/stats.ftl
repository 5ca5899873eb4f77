# Las respuestas del asistente de gastos sobre el propio gasto (crates/expenses/src/stats/):
# cifras calculadas por el código a partir de las filas, nunca por el modelo. Ver el
# archivo en inglés para saber qué es cada variable.

## El gasto más grande o más pequeño, las categorías

stats-none = No tienes gastos{ $span }.
stats-biggest = Tu gasto más grande{ $span } es «{ $item }», { $amount }, del { $date }.
stats-smallest = Tu gasto más pequeño{ $span } es «{ $item }», { $amount }, del { $date }.
stats-by-category = Por categoría{ $span }: { $lines }.
stats-top-category = Donde más gastaste{ $span } fue en { $category }: { $amount } ({ $n } { $n ->
        [one] gasto
       *[other] gastos
    }). Por categoría: { $lines }.

## Medias: el total del periodo dividido entre sus días, semanas o meses ({ $n })

stats-daily-average = De media { $tense ->
        [past] gastaste
       *[other] gastas
    } { $average } al día ({ $total } en { $n } { $n ->
        [one] día
       *[other] días
    }{ $span }).
stats-weekly-average = De media { $tense ->
        [past] gastaste
       *[other] gastas
    } { $average } a la semana ({ $total } en { $n } { $n ->
        [one] semana
       *[other] semanas
    }{ $span }).
stats-monthly-average = De media { $tense ->
        [past] gastaste
       *[other] gastas
    } { $average } al mes ({ $total } en { $n } { $n ->
        [one] mes
       *[other] meses
    }{ $span }).

## Un periodo frente al anterior

stats-compare-more = Has gastado { $now }{ $on } { $when } y { $before } { $then }: { $difference } más { $when }.
stats-compare-less = Has gastado { $now }{ $on } { $when } y { $before } { $then }: { $difference } menos { $when }.
stats-compare-same = Has gastado { $now }{ $on } { $when }, lo mismo que { $then }.
stats-compare-none = No tienes gastos{ $on } { $when } ni { $then }.
