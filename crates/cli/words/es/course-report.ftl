course-report-problems = { $count ->
    [one] { $count } problema
   *[other] { $count } problemas
}
course-report-warnings = { $count ->
    [one] { $count } aviso
   *[other] { $count } avisos
}
course-report-omitted = ({ $count } más sin mostrar)
course-report-would-not-import = el paquete tiene { $problems } y no se importaría
