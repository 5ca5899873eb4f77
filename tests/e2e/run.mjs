// Runs the end-to-end suite under a virtual X display (xvfb-run) unless one is set.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const tests = ["package", "release", "app", "coach", "tutor", "reports", "expenses", "modules", "class", "models", "updates", "voice", "egress-analyzer", "egress"].map((name) => `${here}${name}.test.mjs`);
const suite = ["--test", "--test-concurrency=1", ...tests];
const command = process.env.DISPLAY ? ["node", suite] : ["xvfb-run", ["-a", "-s", "-screen 0 1600x1000x24", "node", ...suite]];
const result = spawnSync(command[0], command[1], { stdio: "inherit" });
process.exit(result.status ?? 1);
