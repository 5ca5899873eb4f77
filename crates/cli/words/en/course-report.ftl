# The words of `lantern course check` and `lantern module check` (crates/cli/src/commands/course_report.rs).

# The count of problems on the report's last line ("2 problems, 1 warning").
course-report-problems = { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
# The count of warnings on the report's last line.
course-report-warnings = { $count ->
    [one] { $count } warning
   *[other] { $count } warnings
}
# After the counts, when findings were left out of the list.
course-report-omitted = ({ $count } more not shown)
# The error the command fails with when the pack has problems; $problems is course-report-problems.
course-report-would-not-import = the pack has { $problems } and would not import
