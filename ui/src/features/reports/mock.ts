// Test-only: a scripted report editor backend for Vitest and the headless-Chromium
// suite. It holds one imported house survey; "rename N to X" and "delete N" propose a
// change (waiting for review, as the real loop does), anything else gets a reply.
// Accepting applies the changes as a new version; undo and restore go back. Never part
// of a real build.
import type { ChangeView, NumberedSection, ReportMessageView, ReportView, VersionView } from "../../bindings";

type Args = Record<string, unknown>;
type Channel = { onmessage: (event: unknown) => void };
type Node = { id: string; title: string; bodyMd: string; children: Node[] };
type Tree = Node[];

/** The imported sample: 1 Introduction; 2 Roofing (2.1 Gutters); 3 Recommendations. */
export function sampleTree(): Tree {
  return [
    { id: "s1", title: "Introduction", bodyMd: "This survey covers the roof. [IMAGE:front]", children: [] },
    {
      id: "s2",
      title: "Roofing",
      bodyMd: "The roof is old.\n\n| Part | State |\n| --- | --- |\n| Tiles | cracked |",
      children: [{ id: "s3", title: "Gutters", bodyMd: "Blocked with leaves.", children: [] }],
    },
    { id: "s4", title: "Recommendations", bodyMd: "Clear the gutters.", children: [] },
  ];
}

function numbered(tree: Tree, prefix = ""): NumberedSection[] {
  return tree.map((s, i) => {
    const number = prefix ? `${prefix}.${i + 1}` : String(i + 1);
    return { id: s.id, number, title: s.title, bodyMd: s.bodyMd, children: numbered(s.children, number) };
  });
}

function flat(tree: NumberedSection[]): NumberedSection[] {
  return tree.flatMap((s) => [s, ...flat(s.children)]);
}

function clone(tree: Tree): Tree {
  return JSON.parse(JSON.stringify(tree)) as Tree;
}

function remove(tree: Tree, id: string): boolean {
  const at = tree.findIndex((s) => s.id === id);
  if (at >= 0) return tree.splice(at, 1).length > 0;
  return tree.some((s) => remove(s.children, id));
}

function find(tree: Tree, id: string): Node | undefined {
  for (const s of tree) {
    if (s.id === id) return s;
    const inner = find(s.children, id);
    if (inner) return inner;
  }
  return undefined;
}

type Pending = { id: number; kind: "update_section" | "delete_section"; sectionId: string; title?: string };

/** A scripted report editor with one report (id 1). */
export function createReportsMock() {
  let versions: { tree: Tree; cause: string; summary: string }[] = [];
  let pending: Pending[] = [];
  const messages: ReportMessageView[] = [];
  let nextId = 1;
  let imported = false;

  const base = () => versions.at(-1)!.tree;
  const apply = (tree: Tree, change: Pending) => {
    if (change.kind === "delete_section") remove(tree, change.sectionId);
    else {
      const s = find(tree, change.sectionId);
      if (s && change.title) s.title = change.title;
    }
  };
  const shown = () => {
    const tree = clone(base());
    pending.forEach((c) => apply(tree, c));
    return tree;
  };
  const label = (tree: Tree, id: string) => flat(numbered(tree)).find((s) => s.id === id);
  const describe = (c: Pending) => {
    const s = label(base(), c.sectionId);
    const name = s ? `${s.number} ${s.title}` : c.sectionId;
    return c.kind === "delete_section" ? `delete ${name}` : `rename ${name} to “${c.title}”`;
  };
  const changeView = (c: Pending): ChangeView => {
    const before = label(base(), c.sectionId) ?? null;
    const after = c.kind === "delete_section" ? null : { ...before!, title: c.title ?? before!.title };
    return {
      id: c.id,
      kind: c.kind,
      sectionId: c.sectionId,
      description: describe(c),
      reason: "",
      author: "app",
      before: before && { number: before.number, title: before.title, bodyMd: before.bodyMd },
      after: after && { number: after.number, title: after.title, bodyMd: after.bodyMd },
      applies: true,
    };
  };
  const view = (): ReportView => ({
    id: 1,
    projectId: 1,
    version: versions.length,
    title: "House survey",
    preambleMd: "Prepared for the owner.",
    sections: numbered(shown()),
    changedSectionIds: pending.map((c) => c.sectionId),
    changes: pending.map(changeView),
    messages: [...messages],
    mediaDir: null,
  });
  const summary = () => ({
    id: 1,
    projectId: 1,
    title: "House survey",
    sourceName: "survey.md",
    version: versions.length,
    pending: pending.length,
    updatedAt: "2026-11-23T10:00:00Z",
  });
  const say = (fromStudent: boolean, text: string) =>
    messages.push({ id: nextId++, fromStudent, text, origin: fromStudent ? null : "app", createdAt: "2026-11-23T10:00:00Z" });
  const sectionByNumber = (number: string) => flat(numbered(shown())).find((s) => s.number === number);

  return {
    reports_list: () => (imported ? [summary()] : []),
    reports_projects: () => [{ id: 1, name: "My reports" }],
    reports_create_project: (args: Args) => ({ id: 2, name: String(args.name) }),
    reports_import: () => {
      imported = true;
      versions = [{ tree: sampleTree(), cause: "import", summary: "survey.md" }];
      pending = [];
      return view();
    },
    reports_open: () => view(),
    reports_delete: () => {
      imported = false;
      return null;
    },
    reports_send: (args: Args) => {
      const text = String(args.message);
      const channel = args.onEvent as Channel;
      channel.onmessage({ kind: "started", turn: 1 });
      say(true, text);
      const rename = /^rename (\S+) to (.+)$/i.exec(text);
      const deletion = /^delete (?:section )?(\S+)$/i.exec(text);
      const target = sectionByNumber((rename ?? deletion)?.[1] ?? "");
      let ids: number[] = [];
      if (target && (rename || deletion)) {
        channel.onmessage({ kind: "progress", step: rename ? "updating" : "deleting", section: `${target.number} ${target.title}` });
        const change: Pending = rename
          ? { id: nextId++, kind: "update_section", sectionId: target.id, title: rename[2] }
          : { id: nextId++, kind: "delete_section", sectionId: target.id };
        pending.push(change);
        ids = [change.id];
        say(false, `I propose to ${describe(change)}. Review it to accept or reject it.`);
      } else {
        say(false, "I couldn't do that on my own. I understand requests such as “rename 2 to …”.");
      }
      const result = { report: view(), changeIds: ids, end: ids.length ? "command" : "offline" };
      channel.onmessage({ kind: "final", result, origin: "app" });
      return result;
    },
    reports_accept: (args: Args) => {
      const chosen = (args.changeIds as number[] | null) ?? pending.map((c) => c.id);
      const accepting = pending.filter((c) => chosen.includes(c.id));
      if (accepting.some((c) => c.kind === "delete_section") && !args.confirmDeletes)
        throw { code: "report_delete_unconfirmed", message: "deleting needs a confirmation" };
      const tree = clone(base());
      accepting.forEach((c) => apply(tree, c));
      versions.push({ tree, cause: "accept", summary: accepting.map(describe).join("; ") });
      pending = pending.filter((c) => !chosen.includes(c.id));
      return view();
    },
    reports_reject: (args: Args) => {
      const chosen = (args.changeIds as number[] | null) ?? pending.map((c) => c.id);
      pending = pending.filter((c) => !chosen.includes(c.id));
      return view();
    },
    reports_undo: () => {
      if (versions.length < 2) throw { code: "report_nothing_to_undo", message: "nothing to undo" };
      versions.push({ tree: clone(versions.at(-2)!.tree), cause: "undo", summary: `undo of version ${versions.length}` });
      return view();
    },
    reports_history: (): VersionView[] =>
      versions
        .map((v, i) => ({ version: i + 1, cause: v.cause, summary: v.summary, createdAt: "2026-11-23T10:00:00Z" }))
        .reverse(),
    reports_restore: (args: Args) => {
      const v = versions[Number(args.version) - 1];
      versions.push({ tree: clone(v.tree), cause: "restore", summary: `restored version ${String(args.version)}` });
      return view();
    },
    reports_edit_section: (args: Args) => {
      const tree = clone(base());
      const s = find(tree, String(args.sectionId));
      if (!s) throw { code: "report_section_not_found", message: String(args.sectionId) };
      if (typeof args.title === "string") s.title = args.title;
      if (typeof args.bodyMd === "string") s.bodyMd = args.bodyMd;
      versions.push({ tree, cause: "edit", summary: `edit ${s.title}` });
      return view();
    },
    // Saved where the app's save dialog says; the page names no path.
    reports_export: (args: Args) => `/home/student/survey.${String(args.format)}`,
    reports_spec_files: () => [],
    reports_import_specs: (args: Args) => {
      (args.onProgress as Channel).onmessage({ file: "spec.md", done: 3, total: 3 });
      return [{ name: "spec.md", passages: 3, importedAt: "2026-11-23T10:00:00Z" }];
    },
  };
}
