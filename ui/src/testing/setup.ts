// Vitest setup: Testing Library waits up to 5 s for what a test looks for (its 1 s default
// is too short on a loaded 2-core machine, where a page's first render can take longer).
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5000 });
