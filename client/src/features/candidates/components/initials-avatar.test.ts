import { expect, it } from 'vitest';
import { initialsOf } from './initials-avatar';

it("takes the first letters of a name's first two words, past an Arabic article, unjoined in Arabic script", () => {
  expect(initialsOf('Amina Yusuf')).toBe('AY');
  expect(initialsOf('  ramon de la cruz ')).toBe('RD');
  expect(initialsOf('Prakash')).toBe('P');
  // Not 'ما' (a word): the article is skipped and the letters do not join.
  expect(initialsOf('محمد الحربي')).toBe('م\u200cح');
  expect(initialsOf('Ali الحربي')).toBe('Aح');
  // A first name that begins like the article keeps its letters.
  expect(initialsOf('الياس الحربي')).toBe('ا\u200cح');
  expect(initialsOf('𝓐lex Young')).toBe('𝓐Y');
});
