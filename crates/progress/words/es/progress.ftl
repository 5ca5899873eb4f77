# Las palabras de las entregas y de la vista de clase en español (ver en/progress.ftl).

progress-page-student = Estudiante
progress-page-minutes = Minutos
progress-page-edited = (editado después de entregarlo)
progress-page-none = Ninguno.
progress-page-stuck = Atascados
progress-page-confusions = Confusiones frecuentes
progress-page-confusion = { $unit }: { $confusion } ({ $students } estudiantes)
progress-page-failed = Preguntas de examen más falladas
progress-page-failed-question = { $question } ({ $tier }, { $wrong } respuestas incorrectas)
progress-page-rechecks = Repasos pendientes
