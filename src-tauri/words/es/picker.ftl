picker-course-folder-title = Elige la carpeta de un paquete de curso
picker-course-zip-title = Elige un paquete de curso (.zip)
picker-module-folder-title = Elige la carpeta de un paquete de módulo
picker-module-zip-title = Elige un paquete de módulo (.zip)
picker-report-title = Elige un informe para importar
picker-specs-title = Elige archivos de especificaciones
picker-model-title = Elige un modelo GGUF
picker-hand-in-folder-title = Elige dónde guardar tu progreso (p. ej. una memoria USB)
picker-hand-ins-folder-title = Elige la carpeta con los archivos de progreso de los estudiantes
picker-hand-in-files-title = Elige archivos de progreso

picker-course-pack-type = Paquete de curso
picker-module-pack-type = Paquete de módulo
picker-report-type = Informe (Markdown, texto, Word)
picker-specs-type = Especificaciones (PDF, Markdown, texto)
picker-model-type = Modelo GGUF
picker-progress-files-type = Archivos de progreso

picker-save-argument-title = Guardar el argumento
picker-save-report-title = Exportar el informe
picker-save-class-grid-title = Exportar la tabla de la clase
picker-save-student-summary-title = Guardar el resumen del estudiante

picker-word-type = Documento de Word
picker-csv-type = Tabla CSV
picker-html-type = Página para imprimir

picker-argument-file = argumento
picker-report-file = informe
picker-class-grid-file = clase
picker-student-summary-file = resumen
