import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import { parseSeekLink } from '../lib/seek-links';

/**
 * Markdown from a notes engine, rendered safely: raw HTML is dropped (never rendered), and links keep
 * only safe protocols (react-markdown's default strips javascript: and data:). `?t=` links seek the
 * recording instead of reloading the page.
 */
export function Markdown({ children, onSeek }: { children: string; onSeek: (ms: number) => void }) {
  const components: Components = {
    a: ({ href, children: label }) => {
      const seekMs = parseSeekLink(href);
      if (seekMs !== null) {
        return (
          <a
            href={href}
            onClick={(event) => {
              event.preventDefault();
              onSeek(seekMs);
            }}
            className="text-primary font-mono text-xs underline-offset-2 hover:underline"
            title="Play from here"
          >
            {label}
          </a>
        );
      }
      if (!href) return <span>{label}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
          {label}
        </a>
      );
    },
  };
  return (
    <div className="prose prose-sm max-w-none break-words [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc">
      <ReactMarkdown
        skipHtml
        urlTransform={(url) => (parseSeekLink(url) !== null ? url : defaultUrlTransform(url))}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
