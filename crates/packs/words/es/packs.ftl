# Las palabras de los formatos de paquete en español (ver en/packs.ftl).

packs-cloze-prompt = Completa el espacio en blanco.
packs-true-false-prompt = ¿Verdadero o falso?
packs-true = verdadero
packs-false = falso

packs-untitled-unit = Unidad { $n }
packs-untitled-section = Sección { $n }
packs-untitled-topic = Tema { $n }
packs-part = Parte { $n }

packs-review-title = Revisa este borrador
packs-review-read-as = Cómo se leyeron las notas: { $shape }.
packs-shape-file-per-part = una parte por archivo, en el orden de los nombres
packs-shape-folders = una parte por archivo o carpeta, en el orden de los nombres
packs-shape-headings = una parte por cada título `{ $hashes }` de `{ $file }`
packs-shape-single = todas las notas como una sola parte
packs-review-before-import = Antes de importar

packs-review-course-intro = `lantern course new` ha preparado este paquete de curso a partir de tus notas. Todo lo de abajo lo ha adivinado un programa: léelo, corrige `course.json` y las notas de `units/`, y después ejecuta `lantern course check` sobre esta carpeta. Este archivo no se importa.
packs-review-course-id = Id del curso `{ $id }`, título “{ $title }”, idioma `{ $code }`.
packs-review-course-left-out = Partes que no caben (más del límite de unidades): { $count }
packs-review-units-heading = Unidades y prerrequisitos
packs-review-units-text = Las unidades siguen el orden de tus notas. Una unidad requiere otra anterior solo cuando sus notas lo muestran: una frase lo dice («como vimos», «se basa en» …) y nombra esa unidad, una frase nombra su título, una definición usa los términos que esa unidad presenta, o los usan dos frases o más; nunca solo por ir después. Cada una es una arista en `prerequisites` en `course.json`, donde `{"{"} "from": "A", "to": "B" {"}"}` significa A antes que B, y el tutor lleva al estudiante a dominar A antes que B. Confirma o borra cada una abajo; añade una si una unidad necesita otra anterior.
packs-review-prerequisites-none = No se ha propuesto ningún prerrequisito: las notas de ninguna unidad muestran que se apoye en otra anterior, así que un estudiante puede empezar por cualquiera. Para añadir uno, pon `{"{"} "from": "A", "to": "B" {"}"}` en `prerequisites` en `course.json` (A antes que B).
packs-review-notes = Notas: `{ $path }` (de `{ $from }`)
packs-review-requires-said = Requiere `{ $unit }`, como dicen las notas — «{ $sentence }»
packs-review-requires-named = Requiere `{ $unit }`: las notas nombran su título — «{ $sentence }»
packs-review-requires-defined = Requiere `{ $unit }`: las notas definen un término con los términos que presenta — «{ $sentence }»
packs-review-requires-terms = Requiere `{ $unit }`: { $sentences } frases de las notas usan los términos que presenta ({ $terms }).
packs-review-requires-confirm = Deja esta arista si el estudiante debe dominar `{ $unit }` antes; si no, bórrala de `prerequisites`.
packs-review-requires-none-drafted = No requiere nada: nada en estas notas muestra que se apoyen en una unidad anterior. Si el estudiante necesita antes una unidad anterior, añade `{"{"} "from": "esa-unidad", "to": "{ $unit }" {"}"}` a `prerequisites`.
packs-review-requires-nothing = No requiere nada: los estudiantes empiezan aquí.
packs-review-anchor = Ancla, del primer párrafo
packs-review-anchor-cut = Ancla, del primer párrafo, recortado a lo que muestra la tarjeta del tutor
packs-review-anchor-check = Comprueba que dice lo que enseña la unidad, en dos o tres frases.
packs-review-tags = Etiquetas: { $tags }
packs-review-tags-none = ninguna
packs-review-misconceptions-none = Errores comunes: no se encontró ninguno. Añade líneas como `Error común: …` a las notas, o escríbelos en `misconceptions`.
packs-review-misconceptions-moved = { $moved ->
    [1] Errores comunes: 1 línea de las notas pasó a `misconceptions`, para que el tutor no la cite como un hecho; la pregunta como verdadero o falso, y la respuesta es falso:
   *[other] Errores comunes: { $moved } líneas de las notas pasaron a `misconceptions`, para que el tutor no las cite como hechos; pregunta cada una como verdadero o falso, y la respuesta es falso:
}
packs-review-true-false = ¿Verdadero o falso? { $question } (respuesta: { $answer })
packs-review-misconception-too-short = demasiado corto para una pregunta de verdadero o falso; sigue nombrando un error común.
packs-review-clozes-none = Preguntas de completar: no hay frases del tipo «X es Y»; el tutor sigue haciendo preguntas de completar con el ancla y las notas.
packs-review-clozes = Preguntas de completar que el tutor puede hacer con las definiciones de las notas (los términos definidos son las etiquetas de la unidad):
packs-review-cloze = { $question } (respuesta: { $answer })
packs-review-no-cloze = sin pregunta: el tutor necesita una frase de 5 a 32 palabras con una palabra que ocultar.
packs-review-change-gap = Para cambiar el hueco, reescribe la frase en las notas o cambia las `tags` de la unidad.
packs-review-exams-heading = Preguntas de examen
packs-review-exams-none = `exams.json` aún no tiene preguntas, así que no hay exámenes. Añade preguntas de opción múltiple como esta (docs/course-pack.md, «exams.json»); el memo explica por qué la opción correcta lo es:
packs-review-course-checklist =
    - [ ] Los títulos y las anclas dicen lo que enseña cada unidad.
    - [ ] Los prerrequisitos son correctos.
    - [ ] Cada error común es un error real, escrito como lo creería un estudiante.
    - [ ] Hay preguntas de examen con memo.
    - [ ] `lantern course check` no informa de problemas.

packs-review-module-intro = `lantern module new` ha preparado este paquete de módulo a partir de tus notas. Todo lo de abajo lo ha adivinado un programa: léelo, corrige `module.json` y después ejecuta `lantern module check` sobre esta carpeta. Este archivo no se importa.
packs-review-module-id = Id del módulo `{ $id }`, título “{ $title }”, idioma `{ $code }`.
packs-review-module-left-out = Partes que no caben (más de 40 secciones): { $count }
packs-review-sections-heading = Secciones y temas
packs-review-sections-text = Una sección empieza con su introducción; un tema cuenta como visto cuando el estudiante usa una de sus palabras clave, envía un formulario que lo cubre o pasa a la sección siguiente. Las palabras clave de abajo salen del título de cada tema y de sus términos en negrita o definidos: añade las palabras que diría de verdad un estudiante (de tres a seis), y lo mismo en el otro idioma (`keywords.en` o `keywords.es`).
packs-review-intro = Introducción: { $intro }
packs-review-topic = Tema `{ $id }` “{ $title }”: palabras clave { $keywords }
packs-review-topic-cut = Tema `{ $id }` “{ $title }” (notas recortadas a { $max } caracteres): palabras clave { $keywords }
packs-review-topics-left-out = Temas que no caben (más de 12 por sección o 200 por módulo): { $count }
packs-review-module-checklist =
    - [ ] Los títulos, las introducciones y las notas dicen lo que debe aprender el estudiante.
    - [ ] Cada tema tiene de tres a seis palabras clave que usaría un estudiante, en los dos idiomas.
    - [ ] Las imágenes, vídeos o sonidos están en `media` (con `alt` en las imágenes) y en las secciones que los muestran.
    - [ ] `lantern module check` no informa de problemas.

packs-module-count = debe tener de { $min } a { $max } elementos, no { $count }
packs-module-length = { $count } caracteres; como mucho { $max }
packs-module-not-snake-case = `{ $id }` debe ir en snake_case (a-z, 0-9, _; primero una letra)
packs-module-media-type = `{ $file }` no es un archivo de tipo { $kind } admitido
packs-module-alt-missing = una imagen necesita un texto alternativo que diga qué muestra
packs-module-no-topic = no hay ningún tema `{ $id }`
packs-module-field-options = un campo { $kind } no lleva opciones
packs-module-min-max-numeric = min y max son solo para campos numéricos
packs-module-max-below-min = max no puede ser menor que min
packs-module-format-version = la versión de formato { $version } no es compatible (este Lantern lee la { $supported })
packs-module-id = `{ $id }` debe empezar por a-z o 0-9 y usar como mucho { $max } de a-z, 0-9 y -
packs-module-language = debe ser `en` o `es`
packs-module-topic-id = `{ $id }` solo puede usar a-z, 0-9, - y _
packs-module-no-keywords = necesita al menos una palabra clave (en o es)
packs-module-keyword-empty = `{ $word }` no tiene letras ni dígitos que comparar
packs-module-media-unlisted = `{ $path }` no está en la lista `media`
packs-module-no-form = no hay ningún formulario `{ $form }`
packs-module-few-keywords = el tema `{ $id }` tiene pocas palabras clave en el idioma del módulo ({ $count }); el progreso solo lo cuenta cuando el estudiante usa una de ellas, así que pon de tres a seis palabras que diría un estudiante
packs-module-short-stem = la palabra clave `{ $keyword }` del tema `{ $id }` acaba en * tras menos de cuatro letras, así que también encuentra palabras que significan otra cosa («can*» encuentra «cansé»); escribe la palabra entera o una raíz más larga

packs-course-format-version = la versión de formato { $version } no es compatible (este Lantern lee la { $supported })
packs-course-empty = no puede estar vacío
packs-course-id-repeated = `{ $id }` se usa más de una vez
packs-course-outside-pack = debe ser una ruta relativa dentro del paquete
packs-course-video-type = `{ $path }`: solo se admiten vídeos .mp4 .webm .ogv .m4v
packs-course-content-type = `{ $path }`: solo se admiten archivos .md .markdown .txt .vtt .srt .pdf
packs-course-tag = una etiqueta solo usa minúsculas, dígitos, `_` y `-`
packs-course-drill-tag = `{ $tag }` no es una de las etiquetas de errores de la unidad
packs-course-drill-unrenderable = la plantilla no se puede generar: { $error }
packs-course-drill-unreadable-answer = el corrector no entiende la respuesta `{ $answer }`
packs-course-drill-wrong-answer = `{ $answer }` no es la respuesta de `{ $question }` (solución: `{ $solution }`)
packs-course-unknown-unit = ninguna unidad tiene el id `{ $id }`
packs-course-id = `{ $id }` debe empezar por una letra o un dígito y usar como mucho { $max } letras, dígitos, `.`, `_` o `-`
packs-course-no-units = un curso necesita al menos una unidad
packs-course-cycle = los prerrequisitos forman un ciclo: { $cycle }
packs-course-question-no-unit = una pregunta necesita al menos una unidad
packs-course-question-options = una pregunta necesita al menos dos opciones
packs-course-correct-unknown = `{ $correct }` no es una de las opciones

packs-check-unit-no-practice = la unidad `{ $unit }` no tiene plantillas de ejercicios ni errores comunes: el tutor solo puede practicarla con preguntas de completar y de verdadero o falso hechas con sus frases (preguntas de completar: { $gaps }). Añade `misconceptions` (errores comunes, una frase cada uno) o `drills`
packs-check-anchor-too-long = el ancla tiene { $total } frases y { $words } palabras, pero la tarjeta del tutor solo muestra las { $shown } primeras (como mucho { $max_sentences } frases y { $max_words } palabras). Di la idea de la unidad en dos o tres frases y pasa el resto a las notas
packs-check-unit-no-content = la unidad no tiene notas en `content`, así que el tutor solo puede responder con su ancla
packs-check-unit-empty-notes = las notas de la unidad no tienen texto, así que el tutor solo puede responder con su ancla
packs-check-no-exams = no hay preguntas de examen, así que los estudiantes no pueden examinarse ni practicar con preguntas; añade preguntas de opción múltiple con memo
packs-check-memo-short = el memo de `{ $question }` tiene { $words } palabras; los estudiantes lo leen después de responder, así que explica por qué la opción correcta lo es y las otras no
packs-check-empty-heading = el título «{ $heading }» no tiene texto debajo, así que el tutor nunca lo usa; escribe la sección o quita el título
packs-check-no-cues = no hay subtítulos con tiempos (se esperan líneas `00:00:01.000 --> 00:00:04.000`)
packs-check-missing = `{ $path }` no está en el paquete
packs-check-missing-manifest = no está en el paquete

## El detalle de un problema en la lengua del docente cuando su regla lo escribió solo
## en inglés (lo que dice serde de un archivo JSON, los errores de los lectores): el
## detalle en inglés se conserva tras el resumen.
packs-detail = { $what } ({ $detail })
packs-detail-invalid-field = valor no válido
packs-detail-not-found = no existe
packs-detail-unreadable = no se puede leer
packs-detail-missing-file = no está en el paquete
packs-detail-duplicate-id = un id se repite
packs-detail-unknown-unit = nombra algo que no existe
packs-detail-cycle = los prerrequisitos forman un ciclo
packs-detail-missing-correct-option = la opción correcta no está entre las opciones
packs-detail-unsupported-content = tipo de archivo no admitido
packs-detail-pdf-unreadable = el PDF no se puede leer o no tiene texto
packs-detail-invalid-drill = la plantilla de ejercicio no es correcta
packs-detail-too-large = supera el límite de tamaño
packs-detail-too-many-entries = el zip tiene demasiadas entradas
packs-detail-compression-ratio = el zip está comprimido más de lo permitido
packs-detail-duplicate-path = el archivo se nombra más de una vez
packs-detail-too-many-items = hay más elementos de los permitidos
packs-detail-symlink = es un enlace simbólico o sale del paquete
packs-detail-timed-out = la lectura tardó demasiado
packs-detail-invalid-json = no es JSON válido: { $what } ({ $detail })
packs-json-not-valid = no es JSON válido
packs-json-eof = el archivo se acaba antes de cerrar
packs-json-trailing-comma = sobra una coma
packs-json-expected-comma-or-brace = falta `,` o `{"}"}`
packs-json-expected-comma-or-bracket = falta `,` o `]`
packs-json-expected-colon = falta `:`
packs-json-key-string = una clave debe ir entre comillas
packs-json-expected-value = falta un valor
packs-json-trailing-characters = sobra texto al final
packs-json-invalid-escape = secuencia de escape no válida
packs-json-control-character = carácter de control dentro de un texto
packs-serde-missing-field = falta el campo { $name }
packs-serde-unknown-field = campo desconocido { $name }
packs-serde-unknown-variant = valor desconocido { $value }
packs-serde-invalid-type = tipo incorrecto: { $found }
packs-serde-invalid-value = valor no válido: { $found }
packs-serde-invalid-length = longitud no válida: { $found }
packs-serde-no-variant = el valor no tiene ninguna de las formas admitidas
packs-serde-expected = ; se esperaba { $what }
packs-type-one-of = uno de
packs-type-or = o
packs-type-a-string = un texto
packs-type-a-sequence = una lista
packs-type-a-map = un objeto
packs-type-a-boolean = verdadero o falso
packs-type-u32 = un número entero
packs-type-i64 = un número entero
packs-type-f64 = un número
packs-type-struct = un objeto
packs-type-integer = número entero
packs-type-floating-point = número decimal
packs-type-boolean = booleano
packs-type-sequence = lista
