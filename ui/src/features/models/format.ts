import { useTranslation } from "react-i18next";

/** Numbers in the interface language, at most `digits` decimals; "?" when unknown. */
export function useNumber(): (value: number | null | undefined, digits?: number) => string {
  const { i18n } = useTranslation();
  return (value, digits = 0) =>
    value === null || value === undefined || !Number.isFinite(value) ? "?" : value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
}
