import Markdown, { type Components } from "react-markdown";
import rehypeKatex from "rehype-katex";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";

/** Links are shown as text and images are not loaded: a reply's pictures come only from
 * its media list (the module's own files). */
const components: Components = {
  a: ({ children }) => <span className="link-text">{children}</span>,
  img: ({ alt }) => <span className="image-chip">{alt}</span>,
};

/** Nothing in a reply loads from anywhere: every URL is dropped. */
function noUrls(): string {
  return "";
}

/** A text block's Markdown, with `$…$` and `$$…$$` typeset by KaTeX (bundled). Raw
 * HTML is never rendered. */
export function BlockText({ markdown }: { markdown: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[rehypeKatex]} components={components} urlTransform={noUrls}>
        {markdown}
      </Markdown>
    </div>
  );
}
