# Las palabras de los módulos guiados en español (ver en/modules.ftl).

modules-continue-chip = Continuar: { $next }
modules-topic-chip = Háblame de { $topic }
modules-review-chip = ¿Qué hemos visto?
modules-form-chip = Abrir la autoevaluación
modules-section-prompt = ¿Qué sabes ya sobre { $topic }? Escribe con libertad o elige una respuesta rápida.
modules-open-prompt = Cuéntame más, pregunta lo que quieras o continúa cuando estés listo.
modules-milestone-complete = 🎉 **100 %**: has cubierto todos los temas del módulo. ¡Muy bien hecho!
modules-milestone-reached = 🎉 Has llegado al **{ $percent } %** del módulo. ¡Buen avance!
modules-topics-and-more = { $shown } y { $more } más
modules-list-last = { $rest } y { $last }
modules-milestone-so-far = { $head } Hasta ahora: { $list }.
modules-review-heading = Tu progreso
modules-review-line = Has cubierto **{ $covered } de { $total } temas** ({ $percent } %).
modules-remaining-title = Aún por explorar:
modules-covered-title = Cubierto hasta ahora:
modules-nothing-covered = Aún no hay nada cubierto; no pasa nada, acabamos de empezar.
modules-finished-heading = Has terminado el módulo
modules-finished-text = Has recorrido todas las secciones de **{ $title }**. Puedes volver a cualquier sección, repasar lo que has visto o seguir preguntando.
modules-section-done = Sección **{ $section }** completada.
modules-form-intro = Aquí tienes una autoevaluación opcional. Rellénala si te ayuda, o cuéntamelo con tus palabras.
modules-no-form = Este módulo no tiene una autoevaluación aquí. Cuéntame con tus palabras cómo te va.
modules-form-thanks = Gracias por rellenar la autoevaluación.
modules-social-greeting = ¡Hola! Estamos en **{ $section }**. Pregúntame lo que quieras, cuéntame cómo te va o continúa cuando quieras.
# Responde a un mensaje que solo asiente («vale», «👍»), sin pregunta ($section: el título de la sección actual).
modules-acknowledged = Bien. Pregúntame lo que quieras sobre **{ $section }** o continúa cuando estés listo.
modules-social-thanks = De nada. Tómate tu tiempo; aquí estoy cuando quieras seguir.
# Responde a una pregunta sobre de qué trata el módulo ($description: la descripción del propio paquete, en su idioma; $section: el título de la sección actual).
modules-about = De qué trata este módulo: { $description } Ahora estamos en **{ $section }**: pregúntame lo que quieras sobre ella o continúa cuando quieras.
# Responde a una despedida.
modules-farewell = ¡Hasta la próxima! Tu avance en este módulo queda guardado.
modules-social-help = Escribe lo que quieras con tus palabras: preguntas, cómo te sientes, lo que has probado. Las respuestas rápidas son atajos; **Continuar** pasa a la siguiente sección, la lista de secciones te lleva a cualquiera y los formularios siempre son opcionales.
modules-crisis = Parece que estás pasando por algo muy difícil. Mereces apoyo ahora mismo: habla con alguien de confianza —tu familia, un amigo, un profesor o el orientador del centro— o llama al número de emergencias si puedes estar en peligro.
modules-crisis-follow-up = Soy una guía de estudio, no un orientador, pero me alegra que me lo hayas contado. Podemos seguir con el módulo cuando quieras.
modules-notes-lead = Esto es lo que dice el módulo sobre **{ $topic }**:
modules-across-lead = El módulo lo responde en { $language ->
    [es] español
   *[en] inglés
}:
# El distress-words.txt del centro supera su tamaño máximo ($max: el límite en bytes).
modules-distress-file-too-large = El distress-words.txt del centro supera los { $max } bytes; sus frases no se usan hasta que sea más corto.
# El distress-words.txt del centro no se puede leer como texto ($why: el motivo).
modules-distress-file-unreadable = No se ha podido leer como texto el distress-words.txt del centro ({ $why }); sus frases no se usan hasta que se corrija.
# El distress-words.txt del centro es un enlace, una carpeta o un dispositivo, no un archivo normal.
modules-distress-file-not-a-file = El distress-words.txt del centro es un enlace, una carpeta o un dispositivo, no un archivo normal; sus frases no se usan hasta que sea un archivo de texto normal.
# Una línea mal escrita del distress-words.txt del centro ($line: su número; $words: el máximo de palabras de una frase).
modules-distress-file-bad-phrase = La línea { $line } del distress-words.txt del centro no es una frase de como mucho { $words } palabras con alguna letra (un * solo al final); sus frases no se usan hasta que se corrija.
# El distress-words.txt del centro tiene demasiadas frases ($max: el límite).
modules-distress-file-too-many = El distress-words.txt del centro añade más de { $max } frases; sus frases no se usan hasta que tenga menos.
modules-quoted-title = «{ $title }»
