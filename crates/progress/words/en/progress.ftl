# The hand-ins' and class view's words in English: the printable class page a teacher
# saves from the class view (`lantern class export --page`, Save page… in the app).

# Column heading of the students' names.
progress-page-student = Student
# Column heading of the minutes each student spent on task.
progress-page-minutes = Minutes
# After a student's name when their hand-in was edited after it was made.
progress-page-edited = (edited after hand-in)
# Under a list's heading when the list is empty.
progress-page-none = None.
# Heading of the list of students stuck on a unit.
progress-page-stuck = Stuck
# Heading of the list of frequent confusions.
progress-page-confusions = Frequent confusions
# A frequent confusion: the unit, what the confusion is, and how many students had it.
progress-page-confusion = { $unit }: { $confusion } ({ $students } students)
# Heading of the list of the exam questions most failed.
progress-page-failed = Exam questions most failed
# An exam question most failed: its stem, its tier and how many wrong answers it had.
progress-page-failed-question = { $question } ({ $tier }, { $wrong } wrong answers)
# Heading of the list of re-checks due.
progress-page-rechecks = Re-checks due
