# The file dialogs the app opens (src-tauri/src/picker/kinds.rs): titles, file types, and
# the name a save dialog suggests when the title gives none.

picker-course-folder-title = Choose a course pack folder
picker-course-zip-title = Choose a course pack (.zip)
picker-module-folder-title = Choose a module pack folder
picker-module-zip-title = Choose a module pack (.zip)
picker-report-title = Choose a report to import
picker-specs-title = Choose specification files
picker-model-title = Choose a GGUF model
picker-hand-in-folder-title = Choose where to save your progress (e.g. a USB stick)
picker-hand-ins-folder-title = Choose the folder with the students' progress files
picker-hand-in-files-title = Choose progress files

# File types an open dialog offers.
picker-course-pack-type = Course pack
picker-module-pack-type = Module pack
picker-report-type = Report (Markdown, text, Word)
picker-specs-type = Specifications (PDF, Markdown, text)
picker-model-type = GGUF model
picker-progress-files-type = Progress files

# Save dialogs: titles.
picker-save-argument-title = Save the argument
picker-save-report-title = Export the report
picker-save-class-grid-title = Export the class grid
picker-save-student-summary-title = Save the student's summary

# File types a save dialog offers.
picker-word-type = Word document
picker-csv-type = CSV table
picker-html-type = Printable page

# The file name a save dialog suggests (before the extension) when the title gives none.
picker-argument-file = argument
picker-report-file = report
picker-class-grid-file = class
picker-student-summary-file = summary
