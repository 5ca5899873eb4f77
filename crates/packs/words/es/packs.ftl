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
packs-review-units-text = Las unidades siguen el orden de tus notas y cada una requiere la anterior: `prerequisites` en `course.json`, donde `{"{"} "from": "A", "to": "B" {"}"}` significa A antes que B. Borra una arista si una unidad no necesita la anterior; añade una si necesita otra anterior.
packs-review-notes = Notas: `{ $path }` (de `{ $from }`)
packs-review-requires = Requiere: `{ $unit }`
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
