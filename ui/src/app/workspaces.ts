/** The five loops of Lantern, in navigation order. */
export const WORKSPACES = [
  { id: "coach", title: "Coach", summary: "Build a Toulmin argument step by step." },
  { id: "tutor", title: "Tutor", summary: "Learn a course along its prerequisite map." },
  { id: "reports", title: "Reports", summary: "Edit a structured report by chatting." },
  { id: "expenses", title: "Expenses", summary: "Record spending with a careful assistant." },
  { id: "modules", title: "Modules", summary: "Work through guided modules." },
] as const;

/** Identifier of one workspace. */
export type WorkspaceId = (typeof WORKSPACES)[number]["id"];
