import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-ext-400.css";
import "@fontsource/inter/latin-ext-600.css";
import "katex/dist/katex.min.css";
import { App } from "./app/App";
import "./app/app.css";

// KaTeX's fonts are bundled; loading the two every formula uses now means the first
// formula a student sees (e.g. in the voice dialog) is drawn at once, not after a blank.
for (const font of ["1em KaTeX_Main", "italic 1em KaTeX_Math"]) void document.fonts?.load(font).catch(() => undefined);

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
