// Test-only: a scripted class for Vitest and the headless-Chromium suite — `students`
// students × `units` units of one course, tiers spread over the grid, every fifth
// student stuck on the second unit, one hand-in edited. Importing adds nothing new the
// second time; removing a student drops their row; the third student's key carries two
// names and keeps two hand-ins, of which the teacher may choose the earlier. Never part
// of a real build.
import type { ClassCourse_Serialize, ClassView_Serialize, HandInHistoryEntry, HandInImportView, MasteryTier, StudentFlag } from "../../bindings";

type Args = Record<string, unknown>;

const TIERS: MasteryTier[] = ["none", "bronze", "silver", "gold"];

/** A scripted class backend of `students` × `units`. */
export function createClassMock(students = 4, units = 5) {
  let removed: string[] = [];
  const chosen: Record<string, string | null> = {};
  const choices: Args[] = [];
  const flagsOf = (s: number): StudentFlag[] => [
    ...(s === 1 ? (["edited"] as StudentFlag[]) : []),
    ...(s === 2 ? (["severalNames", "workDisagrees"] as StudentFlag[]) : []),
    ...(chosen[key(s)] ? (["chosenByTeacher"] as StudentFlag[]) : []),
  ];
  let imports = 0;
  const exports: Args[] = [];
  const unitList = Array.from({ length: units }, (_, i) => ({ unitId: `U-${i + 1}`, title: `Unit ${i + 1}: ${["Cells", "Osmosis", "Enzymes", "Respiration", "Photosynthesis"][i % 5]}` }));
  const key = (s: number) => s.toString(16).padStart(32, "0");
  const names = Array.from({ length: students }, (_, s) => `Student ${String(s + 1).padStart(2, "0")}`);

  const course = (): ClassCourse_Serialize => {
    const rows = names
      .map((name, s) => ({ name, s }))
      .filter(({ s }) => !removed.includes(key(s)))
      .map(({ name, s }) => ({
        studentKey: key(s),
        name,
        handedInAt: "2026-11-20T10:00:00.000Z",
        edited: s === 1,
        flags: flagsOf(s),
        minutesOnTask: 10 + s,
        lastActivityAt: "2026-11-20T09:00:00.000Z",
        cells: unitList.map((_, u) => ({
          touched: (s + u) % 3 !== 0,
          tier: TIERS[(s + u) % 4],
          stuck: u === 1 && s % 5 === 0,
          needsReview: false,
          recheckDue: false,
          drillsAttempted: 3,
          drillsCorrect: 1,
        })),
      }));
    return {
      courseId: "bio",
      title: "Biology 9",
      units: unitList,
      rows,
      stuck: rows.filter((_, s) => s % 5 === 0).map((r) => ({ name: r.name, unitId: "U-2", unitTitle: unitList[1]?.title ?? "", drillsAttempted: 4, drillsCorrect: 0, examWrong: 1, confusion: "Thinks water moves toward lower concentration." })),
      confusions: [{ unitId: "U-2", unitTitle: unitList[1]?.title ?? "", confusions: [{ tag: "direction", text: "Thinks water moves toward lower concentration.", count: 7, students: 3 }] }],
      failedQuestions: [{ questionId: "Q-7", stem: "Which way does water move in osmosis?", tier: "bronze", wrong: 5, students: 3, answeredBy: 4 }],
      rechecks: [{ name: names[0] ?? "", unitId: "U-1", unitTitle: unitList[0]?.title ?? "", dueAt: "2026-11-19T00:00:00.000Z" }],
    };
  };

  const view = (): ClassView_Serialize => ({
    courses: [{ courseId: "bio", title: "Biology 9", students: students - removed.length }],
    course: course(),
    students: names
      .map((name, s) => ({ key: key(s), name, handedInAt: "2026-11-20T10:00:00.000Z", edited: s === 1, flags: flagsOf(s), handIns: s === 2 ? 2 : 1, arguments: [], modules: [] }))
      .filter((s) => !removed.includes(s.key)),
  });

  const handlers: Record<string, (args: Args) => unknown> = {
    class_view: () => view(),
    class_import: (): HandInImportView[] => {
      imports += 1;
      const outcome = imports === 1 ? "added" : "unchanged";
      return [
        ...names.map((name, s) => ({ fileName: `student-${s + 1}.progress.json`, student: name, outcome, edited: s === 1, error: null }) as HandInImportView),
        { fileName: "junk.progress.json", student: null, outcome: null, edited: false, error: { code: "handin_invalid", message: "not a Lantern progress file" } },
      ];
    },
    class_export: (args) => {
      exports.push(args);
      return "/media/usb/biology-9.csv";
    },
    class_history: (args): HandInHistoryEntry[] => {
      const k = String(args.studentKey);
      const entry = (digest: string, made: string, name: string) => ({
        digest,
        fileName: `${name.toLowerCase().replace(" ", "-")}.progress.json`,
        studentName: name,
        exportedAt: made,
        importedAt: "2026-11-21T08:00:00.000Z",
        edited: false,
        courseIds: ["bio"],
        inUse: chosen[k] ? chosen[k] === digest : digest === "b".repeat(64),
        chosen: chosen[k] === digest,
      });
      return [entry("b".repeat(64), "2026-11-20T10:00:00.000Z", "Mallory"), entry("a".repeat(64), "2026-11-10T10:00:00.000Z", "Student 03")];
    },
    class_choose: (args) => {
      choices.push(args);
      chosen[String(args.studentKey)] = (args.digest as string | null) ?? null;
      return null;
    },
    class_export_summary: (args) => {
      exports.push(args);
      return "/media/usb/student-03.csv";
    },
    class_remove_student: (args) => {
      removed = [...removed, String(args.studentKey)];
      return 1;
    },
  };
  return { handlers, exports, choices };
}
