import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { CoursesPanel } from "./CoursesPanel";

const algebra = { id: "alg", title: "Grade 10 Algebra", units: 8, questions: 47, importedAt: "2026-11-23T08:00:00Z" };

function backend(handlers: Record<string, (args: Record<string, unknown>) => unknown>) {
  mockIPC((cmd, args) => handlers[cmd]?.(args as Record<string, unknown>));
}

describe("CoursesPanel", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("invites an import when there is no course", async () => {
    backend({ list_courses: () => [] });
    render(<CoursesPanel />);
    expect(await screen.findByText(/No course yet/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import a course folder…" })).toBeTruthy();
  });

  it("lists courses and shows the passages a search finds", async () => {
    const searched: unknown[] = [];
    backend({
      list_courses: () => [algebra],
      search_course: (args) => {
        searched.push(args);
        return [{ unitId: "ALG-05", sourceId: "units/ALG-05.md", section: "Factorising", text: "Find two numbers…", score: 0.8 }];
      },
    });
    render(<CoursesPanel />);
    expect(await screen.findByText("Grade 10 Algebra", { selector: "strong" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search the course material"), { target: { value: "factorise" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Find two numbers…")).toBeTruthy();
    expect(searched).toEqual([{ courseId: "alg", query: "factorise", limit: 5 }]);
  });

  it("says it is searching, and keeps Search off, until the search ends", async () => {
    let finish: (hits: unknown[]) => void = () => undefined;
    backend({
      list_courses: () => [algebra],
      search_course: () => new Promise((resolve) => (finish = resolve)),
    });
    render(<CoursesPanel />);
    expect(await screen.findByText("Grade 10 Algebra", { selector: "strong" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search the course material"), { target: { value: "factorise" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Searching the course…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true);
    finish([]);
    expect(await screen.findByText("Nothing in this course matches.")).toBeTruthy();
    expect(screen.queryByText("Searching the course…")).toBeNull();
  });

  it("asks the app to pick a folder, naming no path, and shows a coded error", async () => {
    const imports: unknown[] = [];
    backend({
      list_courses: () => [],
      import_course: (args) => {
        imports.push(args);
        throw { code: "pack_unknown_unit", message: "course.json: edges[2].to: unknown unit ALG-99" };
      },
    });
    render(<CoursesPanel />);
    fireEvent.click(await screen.findByRole("button", { name: "Import a course folder…" }));
    expect((await screen.findByRole("alert")).textContent).toContain("unknown unit ALG-99");
    expect(imports).toEqual([{ kind: "folder", language: "en" }]);
  });

  it("a cancelled dialog shows nothing", async () => {
    const imports: unknown[] = [];
    backend({
      list_courses: () => [],
      import_course: (args) => {
        imports.push(args);
        return null;
      },
    });
    render(<CoursesPanel />);
    fireEvent.click(await screen.findByRole("button", { name: "Import a course .zip…" }));
    await waitFor(() => expect(imports).toEqual([{ kind: "zip", language: "en" }]));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
