import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";

/** `[IMAGE:x]` placeholders become images of this scheme, shown as a labelled chip. */
const PLACEHOLDER = "lantern-image:";

/** A body's `[IMAGE:x]` placeholders as Markdown images. */
export function withPlaceholders(markdown: string): string {
  return markdown.replace(/\[IMAGE:([^\]\n]+)\]/g, (_, name: string) => `![${name}](${PLACEHOLDER}${encodeURIComponent(name)})`);
}

/** Nothing in a report loads from the network: remote URLs are dropped. */
function localOnly(url: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith(PLACEHOLDER) ? "" : url;
}

/** A section body rendered from Markdown (tables included) without loading anything:
 * images and placeholders show as labelled chips, links as plain text. */
export function MarkdownView({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const components: Components = {
    img: ({ alt, src }) => {
      const name = typeof src === "string" && src.startsWith(PLACEHOLDER) ? decodeURIComponent(src.slice(PLACEHOLDER.length)) : alt || String(src ?? "");
      return (
        <span className="image-chip" role="img" aria-label={t("reports.image", { name })}>
          {t("reports.image", { name })}
        </span>
      );
    },
    a: ({ children }) => <span className="link-text">{children}</span>,
  };
  return (
    <div className="markdown">
      <Markdown remarkPlugins={[remarkGfm]} components={components} urlTransform={localOnly}>
        {withPlaceholders(markdown)}
      </Markdown>
    </div>
  );
}
