import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { IpcError } from "../bindings";
import { en } from "./en";
import { es } from "./es";

/** Languages the interface speaks. */
export type Language = "en" | "es";

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switches the interface language. */
export function setLanguage(language: Language): void {
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The interface language now: the file dialogs the app opens are titled in it. */
export function currentLanguage(): Language {
  return i18next.language === "es" ? "es" : "en";
}

/** A coded backend error in the interface language: its own text when the code is known. */
export function errorText(error: IpcError): string {
  const key = `errors.${error.code}`;
  return i18next.exists(key)
    ? i18next.t(key, { message: error.message })
    : i18next.t("errors.generic", { code: error.code, message: error.message });
}

export { i18next };
