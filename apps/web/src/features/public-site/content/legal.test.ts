import { describe, expect, it } from 'vitest';
import { LEGAL, type LegalContent } from './legal';

/** the shape of a language's content: counts of sections, paragraphs, items and questions */
function shape(c: LegalContent) {
  const sections = (s: LegalContent['about']['sections']) =>
    s.map((x) => [x.paragraphs.length, x.items?.length ?? 0]);
  return {
    about: sections(c.about.sections),
    terms: sections(c.terms.sections),
    privacy: sections(c.privacy.sections),
    faq: c.contact.faq.length,
  };
}

const placeholders = (c: LegalContent) => (JSON.stringify(c).match(/\{\{\w+\}\}/g) ?? []).sort();

describe('the legal pages’ texts', () => {
  it.each([['en'], ['ja']] as const)('%s has the structure and placeholders of zh', (lang) => {
    expect(shape(LEGAL[lang])).toEqual(shape(LEGAL.zh));
    expect(placeholders(LEGAL[lang])).toEqual(placeholders(LEGAL.zh));
  });
});
