# Las palabras del editor de informes (crates/reports).

## Dónde va una sección, dentro de las palabras de un cambio.

reports-place-after = después de { $section }
reports-place-before = antes de { $section }
reports-place-under = dentro de { $section }
reports-place-end = al final
reports-place-move-end = al final

## Un cambio en palabras.

reports-change-rename = renombrar { $section } como “{ $title }”
reports-change-add-text = añadir texto a { $section }
reports-change-rewrite = reescribir el texto de { $section }
reports-change-rename-rewrite = renombrar { $section } como “{ $title }” y reescribir su texto
reports-change-add = añadir { $section } { $place }
reports-change-move = mover { $section } { $place } (ahora { $number })
reports-change-delete = { $subsections ->
    [0] borrar { $section }
   *[other] borrar { $section } y sus { $subsections } subsecciones
}

## Un número o unas palabras cambiadas.

# Unas palabras del texto de una sección cambiadas: `{ $old }` las que hay, `{ $new }` las nuevas.
reports-change-replace = cambiar “{ $old }” por “{ $new }” en { $section }
# Unas palabras quitadas del texto de una sección.
reports-change-remove = quitar “{ $old }” de { $section }
# Un valor que dijo el alumno cabe en varios sitios: `{ $choices }` los enumera.
reports-value-which = ¿Cuál quieres decir: { $choices }?
# Un sitio donde puede ir un valor, en reports-value-which: `{ $text }` lo que dice allí el informe.
reports-value-choice = “{ $text }” en { $section }

## La confirmación tras un turno.

reports-confirm-none = No he cambiado nada.
reports-confirm-one = Propongo { $change }. Revísalo y acéptalo o recházalo.
reports-confirm-many = Propongo { $count } cambios: { $changes }. Revísalos y acepta o rechaza cada uno.

## «Deshacer» en el chat.

reports-undo-pending = He retirado el último cambio, que esperaba tu revisión: { $change }.
reports-undo-accepted = He deshecho el último paso aceptado: { $summary }.
reports-undo-accepted-plain = He deshecho el último paso aceptado.
reports-nothing-to-undo = No he hecho ningún cambio: no hay nada que deshacer.

## Qué sección quiere decir el alumno.

reports-section-quoted = “{ $section }”
reports-choices = { $others } o { $last }
reports-which-section = ¿Qué sección quieres decir: { $sections }?
reports-not-found-empty = No encuentro “{ $phrase }”: el informe aún no tiene secciones.
reports-not-found = No encuentro la sección “{ $phrase }”. Las secciones son: { $sections }.
reports-swap-same = No he hecho ningún cambio: { $section } es una sola sección.
reports-swap-levels = No he hecho ningún cambio: { $first } y { $second } están a distintos niveles. Puedo mover una de ellas: «mueve { $second } antes de { $first }».

## Cuando el modelo no puede ayudar.

reports-help = No he hecho ningún cambio: no he podido hacerlo por mi cuenta. Entiendo peticiones como: «renombra { $first } a …», «mueve { $last } antes de { $first }», «borra { $last }», «añade una sección llamada … después de { $first }», «cambia el texto de { $first } a: …».
reports-rewrite-failed = No he hecho ningún cambio en { $section }: el texto del modelo no servía{ $why }. Puedes editarla a mano (✎) o decir «cambia el texto de { $number } a: …».
reports-question-quote = Esto dice { $section }: «{ $quote }»
# Una pregunta sobre el informe que nada en él responde.
reports-question-not-found = No encuentro la respuesta a eso en el informe.
reports-rewrite-not-in-language = una parte no estaba en { $language ->
    [es] español
   *[en] inglés
}
reports-rewrite-lost-numbers = perdía { $numbers }
# Por qué se rechazó una reescritura, dentro de reports-rewrite-failed: se pidió un texto más corto.
reports-rewrite-not-shorter = no era más corto
# Por qué se descartó el texto del modelo, dentro de reports-rewrite-failed o
# reports-add-dropped: llevaba las instrucciones de la aplicación; `{ $found }` es lo que llevaba.
reports-refused-scaffolding = llevaba las instrucciones de la propia aplicación: “{ $found }”
# Se descartó la sección nueva del modelo; `{ $why }` dice por qué.
reports-add-dropped = No he hecho ningún cambio: la sección nueva del modelo no servía ({ $why }).

## Por qué no se puede hacer un cambio.

reports-refused-no-change = { $section } ya está así: no hay nada que cambiar.
reports-refused-move-into-itself = No puedo mover { $section } dentro de sí misma.
reports-refused-too-deep = Las secciones admiten como mucho { $max } niveles.
reports-refused-title = El título debe tener entre 1 y { $max } caracteres.
reports-refused-body-too-long = El texto de una sección admite como mucho { $max } caracteres.
reports-refused-other = No he podido hacer ese cambio ({ $code }).

## Names the app gives when neither the file nor the student gives one.

# The project imported reports go to when none is named.
reports-default-project = Mis informes
# The title of a report whose file has no title and no name.
reports-untitled-report = Informe
# The title of a section whose heading is empty.
reports-untitled-section = Sin título
