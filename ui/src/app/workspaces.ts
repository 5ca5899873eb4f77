/** The five loops of Lantern, in navigation order; titles come from the translations. */
export const WORKSPACES = ["coach", "tutor", "reports", "expenses", "modules"] as const;

/** Identifier of one workspace. */
export type WorkspaceId = (typeof WORKSPACES)[number];

/** A page of the app: a workspace, the class (for a class profile), the models or the
 * settings. */
export type PageId = WorkspaceId | "class" | "models" | "settings";
