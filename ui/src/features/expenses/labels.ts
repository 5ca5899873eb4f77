import type { Category, Currency } from "../../bindings";

/** Every category, in the order the forms and the chart list them. */
export const CATEGORIES: readonly Category[] = [
  "food",
  "transport",
  "housing",
  "utilities",
  "health",
  "education",
  "leisure",
  "shopping",
  "other",
];

/** The currencies an amount can be in. */
export const CURRENCIES: readonly Currency[] = ["GBP", "EUR", "USD", "MXN"];

/** The spans the table, the balance and the chart can show (as the tools name them). */
export const RANGES = ["this_month", "last_month", "this_week", "last_7_days", "last_30_days", "this_year", "last_year", "all"] as const;

/** One colour per category, the same in the chart and its legend. */
export const CATEGORY_COLOURS: Record<Category, string> = {
  food: "#c9960c",
  transport: "#2b6cd4",
  housing: "#7a4fb3",
  utilities: "#1e8a8a",
  health: "#c0392b",
  education: "#1e6b3a",
  leisure: "#d66aa0",
  shopping: "#b06d2c",
  other: "#7d8189",
};
