import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { CheckPackDialog } from "./CheckPackDialog";

const finding = (code: string, file: string, line: number | null, field: string | null, en: string, es: string) => ({
  code,
  file,
  line,
  field,
  messageEn: en,
  messageEs: es,
});

const broken = {
  name: "volcanoes",
  report: {
    problems: [finding("pack_unknown_unit", "course.json", 41, "prerequisites[2].to", "unknown unit `V-9`", "unidad desconocida `V-9`")],
    warnings: [finding("unit_no_practice", "course.json", 12, "units[0]", "no drills and no misconceptions", "sin ejercicios ni ideas erróneas")],
    omitted: 0,
  },
};
const clean = { name: "volcanoes", report: { problems: [], warnings: broken.report.warnings, omitted: 0 } };

function backend(handlers: Record<string, (args: Record<string, unknown>) => unknown>) {
  mockIPC((cmd, args) => handlers[cmd]?.(args as Record<string, unknown>));
}

describe("CheckPackDialog", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await act(() => i18next.changeLanguage("en"));
  });

  it("names each problem's file, line and field, and imports nothing while there are problems", async () => {
    const calls: unknown[] = [];
    backend({ packs_check: (args) => (calls.push(args), broken) });
    render(<CheckPackDialog pack="course" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Check a folder…" }));
    const problems = await screen.findByRole("region", { name: "Problems (the import refuses these)" });
    expect(problems.textContent).toContain("course.json:41");
    expect(problems.textContent).toContain("prerequisites[2].to");
    expect(problems.textContent).toContain("unknown unit `V-9`");
    expect(screen.getByText("volcanoes: 1 problems, 1 warnings.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Import this course" })).toBeNull();
    expect(calls).toEqual([{ pack: "course", kind: "folder", language: "en" }]);
  });

  it("shows the Spanish message in Spanish, and imports a pack with only warnings", async () => {
    await act(() => i18next.changeLanguage("es"));
    let imports = 0;
    backend({ packs_check: () => clean, packs_import_checked: () => (imports++, "volcanoes") });
    render(<CheckPackDialog pack="module" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Revisar un .zip…" }));
    const warnings = await screen.findByRole("region", { name: "Avisos (el paquete se importa, pero revísalos)" });
    expect(within(warnings).getByText(/sin ejercicios ni ideas erróneas/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Importar este módulo" }));
    expect(await screen.findByText("Importado: volcanoes")).toBeTruthy();
    expect(imports).toBe(1);
  });
});
