import type { ToulminStep } from "../../bindings";

/** The seven Toulmin steps, in the order the coach works through them. */
export const STEPS: ToulminStep[] = [
  "claim",
  "grounds",
  "warrant",
  "groundsBacking",
  "warrantBacking",
  "qualifier",
  "rebuttal",
];
