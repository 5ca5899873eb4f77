/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Test-only: with LANTERN_MOCK_IPC=1 the page loads a scripted backend before the app,
 * so the UI runs in a plain browser (tests/browser). Real builds never include it. */
function mockBackend(): Plugin {
  return {
    name: "lantern-mock-ipc",
    apply: "serve",
    // The mock is injected after Vite's dependency scan: pre-bundle its imports up front,
    // or a cold cache optimizes them on first load and reloads the page mid-test.
    config: () => ({ optimizeDeps: { include: ["@tauri-apps/api/mocks", "@tauri-apps/api/event"] } }),
    transformIndexHtml: (html) =>
      html.replace("<head>", '<head>\n    <script type="module" src="/src/testing/mockBackend.ts"></script>'),
  };
}

// Tauri expects a fixed port in development and serves ui/dist in builds.
export default defineConfig({
  root,
  clearScreen: false,
  plugins: process.env.LANTERN_MOCK_IPC === "1" ? [mockBackend()] : [],
  esbuild: { jsx: "automatic" },
  server: { port: 1420, strictPort: true, host: "127.0.0.1" },
  // One bundle read from disk by the webview: size warnings about network loading do not apply.
  build: { outDir: "dist", emptyOutDir: true, target: "safari15", chunkSizeWarningLimit: 2000 },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/testing/setup.ts"],
    // A test may wait up to 5 s for each thing it looks for (setup.ts); on a loaded 2-core
    // CI machine a page test with several such waits needs more than vitest's 5 s default.
    testTimeout: 30_000,
  },
});
