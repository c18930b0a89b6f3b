/**
 * The life story is HTML from the editor, shown to every visitor: only an allow-list survives,
 * so a pasted script, an event handler or a javascript: link can never run on a memorial.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr'],
  // target and rel are set by the transform below, whatever the pasted HTML said.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Links leave the memorial in a new tab and pass no referrer or window handle to the other site.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
  disallowedTagsMode: 'discard',
};

export function sanitizeLifeStory(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
