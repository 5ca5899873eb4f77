# Las palabras del tutor (lantern-tutor). Los comentarios de cada mensaje están en
# ../en/tutor.ftl.

## El veredicto sobre la respuesta o la afirmación del alumno

tutor-verdict-right-answer = ¡Correcto!
tutor-verdict-right-claim = Sí, es correcto.
tutor-verdict-partly-expected = En parte. La respuesta completa es «{ $expected }».
tutor-verdict-partly = En parte.
tutor-verdict-not-yet-expected = Todavía no: la respuesta es «{ $expected }».
tutor-verdict-not-yet = Todavía no.

## En qué trabaja el tutor

tutor-transition-focus = Trabajemos en «{ $focus }».
tutor-concept-lead = Estas son las ideas clave de «{ $title }».
tutor-drill-lead-prerequisite = Antes de «{ $target }», practiquemos «{ $focus }».
tutor-drill-lead = Practiquemos «{ $focus }».

## Pistas bajo una tarjeta de conceptos

tutor-hint-cloze = Pista para el ejercicio: la palabra que falta empieza por «{ $first }» y tiene { $letters } letras.
tutor-hint-cloze-words = Pista para el ejercicio: las palabras que faltan empiezan por «{ $first }» y tienen { $letters } letras en { $words } palabras.
tutor-hint-misconception = Pista para el ejercicio: cuidado con este error frecuente: { $mistake }
tutor-hint-key-ideas = Pista para el ejercicio: compáralo con las ideas clave de arriba.

## Preguntas de examen

tutor-exam-offer-beside = Cuando quieras, aquí tienes una pregunta de examen sobre «{ $title }».
tutor-exam-offer-ready = Estás listo para una pregunta de examen sobre «{ $title }».
tutor-revisit-again = Aquí tienes otra vez esa pregunta sobre «{ $title }». Tómate tu tiempo.
tutor-revisit-not-open = Esa pregunta aún no está abierta: la lista de repaso indica cuándo se abre.
tutor-revisit-gone = Esa pregunta ya no está en tu lista de repaso.

## Instrucciones de los ejercicios

tutor-choice-prompt = Elige una opción: responde con su letra.
tutor-step-prompt = ¿Es correcto este paso? Responde sí o no.
tutor-explain-back-prompt = Con tus palabras: ¿cuál es la idea principal de «{ $title }»?

## La corrección de un ejercicio

tutor-grade-correct = Correcto, ¡bien hecho!
tutor-grade-not-simplified = Tu respuesta es equivalente pero no está simplificada; escríbela como { $expected }.
tutor-grade-unreadable = No pude leer eso como respuesta. La respuesta esperada era { $expected }.
tutor-grade-not-quite = Todavía no: la respuesta es { $expected }.

## Exámenes

tutor-exam-passed = ¡Correcto! Un aprobado en «{ $title }».
tutor-exam-incorrect = Esta vez no. La pregunta queda bloqueada 24 horas; practiquemos «{ $title }» y volvamos a ella.
tutor-exam-support-viewed = Aquí tienes la solución. La pregunta queda bloqueada 24 horas; luego podrás intentarla de nuevo.
tutor-exam-mastery-up = Tu nivel de dominio subió.
tutor-exam-review-flagged = Era una pregunta de repaso: la unidad queda marcada para repasar.
tutor-exam-my-answer = Mi respuesta: { $option }
tutor-exam-viewed-memo = (vio la solución resuelta)
tutor-exam-watched-video = (vio el vídeo explicativo)

## Responder a una pregunta escrita (issue #47)

tutor-offer-prerequisite = El tema «{ $asked }» se apoya en «{ $focus }». ¿Quieres repasar primero «{ $focus }»?
tutor-clarify = ¿Te refieres a «{ $first }» o a «{ $second }»?
tutor-material-in-spanish = Las notas de tu curso están en español, así que el pasaje de arriba se cita tal cual.
tutor-material-in-english = Las notas de tu curso están en inglés, así que el pasaje de arriba se cita tal cual.
tutor-hint-passage = Esto es lo que dicen tus notas sobre ello. Vuelve a intentar la pregunta con eso en mente.
tutor-common-mistake = Tus notas señalan un error común sobre esto: «{ $mistake }»
