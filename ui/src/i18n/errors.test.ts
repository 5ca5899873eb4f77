import { afterEach, describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorCode, type IpcError } from "../bindings";
import { en } from "./en";
import { es } from "./es";
import { errorText, i18next, type Language } from "./index";

/** Every code the backend can report, as exported from the Rust registry. */
const codes: readonly ErrorCode[] = ERROR_CODES;
const languages: Record<Language, { errors: Record<ErrorCode | "generic", string> }> = { en, es };

/** The `{{…}}` placeholders of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

describe("error texts", () => {
  afterEach(async () => {
    await i18next.changeLanguage("en");
  });

  it("knows the backend's codes", () => {
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(codes)("%s has its own English and Spanish text", (code) => {
    const english = en.errors[code];
    const spanish = es.errors[code];
    expect(english?.trim()).toBeTruthy();
    expect(spanish?.trim()).toBeTruthy();
    expect(spanish).not.toBe(english);
    expect(english).not.toBe(en.errors.generic);
    // Only the backend's detail can be filled in, and both languages use the same.
    expect(placeholders(english).every((name) => name === "message")).toBe(true);
    expect(placeholders(spanish)).toEqual(placeholders(english));
  });

  it.each(codes)("errorText shows the text of %s, not the generic one", async (code) => {
    const error: IpcError = { code, message: "the backend's detail" };
    for (const language of ["en", "es"] as const) {
      await i18next.changeLanguage(language);
      const own = languages[language].errors[code].replaceAll("{{message}}", error.message);
      expect(errorText(error)).toBe(own);
    }
  });

  it("falls back to the generic text for a code it does not know", () => {
    const error = { code: "no_such_code", message: "detail" } as unknown as IpcError;
    expect(errorText(error)).toBe("Something went wrong (no_such_code): detail");
  });
});
