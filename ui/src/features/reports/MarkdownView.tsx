import { convertFileSrc } from "@tauri-apps/api/core";
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

/** Whether `src` is a picture of the report itself: a relative path inside its folder. */
function ownPicture(src: string): boolean {
  return src !== "" && !src.startsWith("/") && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.split("/").includes("..");
}

/** A section body rendered from Markdown (tables included). The report's own pictures
 * show from its media folder (`imageBase`, copied at import); any other image and every
 * `[IMAGE:x]` placeholder shows as a labelled chip, links as plain text: nothing is
 * loaded from the network. */
export function MarkdownView({ markdown, imageBase = null }: { markdown: string; imageBase?: string | null }) {
  const { t } = useTranslation();
  const components: Components = {
    img: ({ alt, src }) => {
      if (imageBase && typeof src === "string" && ownPicture(src)) {
        return <img className="report-image" src={convertFileSrc(`${imageBase}/${src}`)} alt={alt ?? src} />;
      }
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
