import { describe, expect, it } from 'vitest';
import { sanitizeLifeStory } from './life-story';

describe('the life story allow-list', () => {
  it('keeps the editor’s formatting', () => {
    const html = '<h2>Barndom</h2><p>Født i <strong>Aarhus</strong>, <em>elsket</em> af alle.</p><ul><li>Lærer</li></ul><blockquote>Livet er godt</blockquote>';
    expect(sanitizeLifeStory(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red">Hej<script>alert(2)</script></p><img src=x onerror=alert(3)><a href="javascript:alert(4)">klik</a><iframe src="https://ondt.example"></iframe><svg onload=alert(5)></svg>';
    const clean = sanitizeLifeStory(dirty);
    expect(clean).toBe('<p>Hej</p><a target="_blank" rel="noopener noreferrer nofollow">klik</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|onload|javascript|iframe|style/i);
  });

  it('opens links in a new tab without a referrer, whatever the pasted HTML said', () => {
    expect(sanitizeLifeStory('<a href="https://dr.dk" target="_self" rel="opener">DR</a>')).toBe(
      '<a href="https://dr.dk" target="_blank" rel="noopener noreferrer nofollow">DR</a>',
    );
  });
});
