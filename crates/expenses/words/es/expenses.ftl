# Las palabras del asistente de gastos (crates/expenses). Ver el archivo en inglés
# para saber dónde se muestra cada mensaje.

## Nombres de las categorías

expenses-category-food = comida
expenses-category-transport = transporte
expenses-category-housing = vivienda
expenses-category-utilities = suministros
expenses-category-health = salud
expenses-category-education = educación
expenses-category-leisure = ocio
expenses-category-shopping = compras
expenses-category-other = otros

## Días y periodos

expenses-day-today = hoy ({ $date })
expenses-day-yesterday = ayer ({ $date })
expenses-for-day = con fecha de { $day }
expenses-range-total = en total
expenses-range-today = hoy
expenses-range-yesterday = ayer
expenses-range-this-week = esta semana
expenses-range-last-week = la semana pasada
expenses-range-this-month = este mes
expenses-range-last-month = el mes pasado
expenses-range-this-year = este año
expenses-range-last-year = el año pasado
expenses-range-last-7-days = en los últimos 7 días
expenses-range-last-30-days = en los últimos 30 días
expenses-range-between = del { $from } al { $to }
expenses-on-category = en { $category }
expenses-and = y

## Lo que se ha hecho

expenses-added = He añadido tu gasto «{ $item }», { $amount }, { $day } (#{ $id }, { $category }).
expenses-change-item = concepto «{ $before }» → «{ $after }»
expenses-change-amount = importe { $before } → { $after }
expenses-change-date = fecha { $before } → { $after }
expenses-change-category = categoría { $before } → { $after }
expenses-updated = He cambiado tu gasto «{ $item }» (#{ $id }): { $changes }.
expenses-deleted = He borrado tu gasto «{ $item }», { $amount }, del { $date } (#{ $id }).
expenses-balance-none = Has gastado { $zero }{ $on } { $span }: no hay gastos que sumar.
expenses-balance = Has gastado { $total }{ $on } { $span } ({ $n } { $n ->
        [one] gasto
       *[other] gastos
    }).
expenses-listed-none = No tienes gastos{ $on } { $span }.
expenses-listed-more = y { $more } más en la tabla
expenses-listed = Tienes { $n } { $n ->
        [one] gasto
       *[other] gastos
    }{ $on } { $span }, { $total } en total: { $lines }.

## La pregunta de una propuesta

expenses-propose-add = ¿Añado «{ $item }», { $amount }, { $day } ({ $category })?
expenses-propose-update = ¿Cambio tu gasto «{ $item }» (#{ $id }): { $changes }?
expenses-propose-delete = ¿Borro { $expense }?
expenses-propose-by-id = ¿Sigo adelante con el gasto #{ $id }?
expenses-propose-lookup = ¿Lo consulto?

## Preguntas cuando falta algo

expenses-ask-item-and-amount = ¿Qué compraste o pagaste, y cuánto costó?
expenses-ask-amount = ¿Cuánto costó «{ $item }»?
expenses-ask-item = ¿En qué gastaste { $amount }?
expenses-ask-anything-else = ¿Quieres añadir algo más?
expenses-ask-day = ¿Qué día fue «{ $item }», { $amount }? Dime una fecha como «el día 1», «el viernes pasado» o «20/11».
expenses-ask-share = ¿Entre cuántas personas se repartieron los { $amount }, contándote a ti? O dime cuánto fue tu parte.
expenses-income-amount = Eso parece dinero que recibiste ({ $amount }), no un gasto, así que no lo he apuntado: solo llevo la cuenta de los gastos. Si gastaste una parte, dime en qué.
expenses-income = Eso parece dinero que recibiste, no un gasto, así que no lo he apuntado: solo llevo la cuenta de los gastos. Si gastaste una parte, dime en qué.
expenses-ask-which = ¿Cuál de ellos? { $expenses }.
expenses-ask-which-named = ¿Cuál de estos es «{ $named }»? { $expenses }.
expenses-nothing-to-change = Aún no tienes gastos, así que no hay nada que cambiar.
expenses-ask-not-found = No encuentro ese gasto. ¿Cuál es? Los últimos son: { $expenses }.
expenses-ask-not-found-named = No encuentro ningún gasto de «{ $named }». ¿Cuál es? Los últimos son: { $expenses }.
expenses-ask-change = ¿Qué cambio de { $expense }: el importe, la fecha, el concepto o la categoría?
expenses-cancelled = De acuerdo, no he cambiado nada. ¿Qué quieres que haga en su lugar?

## Negativas

expenses-refuse-forbidden = Tu perfil solo puede ver los gastos, así que no puedo añadir, cambiar ni borrar. Puedo mostrarte tus gastos o tu saldo.
expenses-refuse-not-found = No hay ningún gasto #{ $id } en este perfil.
expenses-refuse-unreadable = No he podido leer la respuesta del asistente, así que no he cambiado nada. ¿Puedes decirlo de otra forma?
expenses-refuse-other = No puedo hacerlo ({ $error }). No he cambiado nada.

## Saludos, gracias y ayuda

expenses-thanks = De nada. Cuéntame cuando gastes algo, o pídeme un total.
expenses-help = Puedo añadir, listar, sumar, corregir y borrar tus gastos. Prueba «Añade comida 12 € hoy», «¿Cuánto he gastado este mes?» o «Borra el taxi de ayer».

## Botones de la tarjeta de una propuesta

expenses-confirm-button = Confirmar
expenses-cancel-button = Cancelar
# Dinero prestado o devuelto: no se anota nada.
expenses-loan = Prestar dinero o que te lo devuelvan no es un gasto, así que no lo he apuntado: solo llevo la cuenta de los gastos. Si compraste algo con él, dime qué.
# Un reembolso de un gasto conocido, sin saber cuánto se devolvió.
expenses-ask-refund = ¿Cuánto te devolvieron de { $expense }?
# La cuenta detrás de un importe que calculó la aplicación, junto a la propuesta.
expenses-working-times = Son { $count } × { $price } = { $total }.
expenses-working-split = Son { $total } ÷ { $parts } = { $share }.
expenses-working-refund = Son { $before } − { $refund } = { $after }.
# La lectura del modelo no pasó las comprobaciones: se citan las palabras del estudiante.
expenses-ask-unsure = No sé bien qué apuntar de «{ $quote }». ¿Qué compraste, cuánto costó y cuándo?
