import { describe, expect, test } from 'vitest';
import { sanitizeLifeStory } from '@/server/memorials/life-story';
import { MEMORIAL_TEMPLATES, hasTemplateGuidance, templateLifeStory } from './templates';

describe('memorial templates', () => {
  test('there are at least three, each with its own headings', () => {
    expect(MEMORIAL_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(MEMORIAL_TEMPLATES.map((t) => t.id)).size).toBe(MEMORIAL_TEMPLATES.length);
    for (const template of MEMORIAL_TEMPLATES) expect(template.chapters.length).toBeGreaterThanOrEqual(2);
  });

  test.each(MEMORIAL_TEMPLATES.map((t) => [t.title, t] as const))('%s survives the server allow-list unchanged, and its questions are recognised', (_, template) => {
    const html = templateLifeStory(template);
    expect(sanitizeLifeStory(html)).toBe(html);
    expect(html).toContain(`<h2>${template.chapters[0]!.heading}</h2>`);
    expect(hasTemplateGuidance(sanitizeLifeStory(html))).toBe(true);
  });

  test('a story in the family\'s own words has no guidance left', () => {
    expect(hasTemplateGuidance('<h2>Barndom og opvækst</h2><p>Karen voksede op i Ribe.</p>')).toBe(false);
  });
});
