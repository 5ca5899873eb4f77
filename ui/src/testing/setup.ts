// Vitest setup: Testing Library waits up to 5 s for what a test looks for (its 1 s default
// is too short on a loaded 2-core machine, where a page's first render can take longer).
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5000 });

// jsdom draws nothing: a canvas has no context, so charts skip drawing (their figures
// are also in a table, which tests read) instead of logging "not implemented".
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
