import { open } from "@tauri-apps/plugin-dialog";

/** A file type the open dialog offers, e.g. `{ name: "GGUF model", extensions: ["gguf"] }`. */
export type FileKind = { name: string; extensions: string[] };

/** Asks the student for one file of `kind`; `null` when they cancel. */
export async function pickFile(kind: FileKind): Promise<string | null> {
  const chosen = await open({ multiple: false, directory: false, filters: [kind] });
  return typeof chosen === "string" ? chosen : null;
}

/** Asks the student for one folder; `null` when they cancel. */
export async function pickFolder(): Promise<string | null> {
  const chosen = await open({ multiple: false, directory: true });
  return typeof chosen === "string" ? chosen : null;
}
