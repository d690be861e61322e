import { linkParts } from './link-parts';

/**
 * Text with its http(s) addresses as links that open in a new tab without handing it this page (noopener
 * noreferrer); built as React text and anchors, never as markup.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
