import { describe, expect, it } from 'vitest';
import { tidyPunctuation } from './punctuation.js';

describe('punctuation tidied for the target language', () => {
  it('takes out the space an engine left before closing punctuation', () => {
    expect(tidyPunctuation('Es una cosa bella .', 'es')).toBe('Es una cosa bella.');
    expect(tidyPunctuation('Hola , amigo ; ven ( ahora ) …', 'es')).toBe('Hola, amigo; ven (ahora)…');
    expect(tidyPunctuation('Wait , what ?', 'en')).toBe('Wait, what?');
  });

  it('keeps what is not closing punctuation: decimals, a leading ellipsis, a percentage', () => {
    expect(tidyPunctuation('Son 3.5 veces', 'es')).toBe('Son 3.5 veces');
    expect(tidyPunctuation('... y luego', 'es')).toBe('... y luego');
    expect(tidyPunctuation('Un 50 % más', 'es')).toBe('Un 50 % más');
    expect(tidyPunctuation('Ver el .net', 'en')).toBe('Ver el .net');
  });

  it('leaves French its space before ? ! : ; and inside quotes', () => {
    expect(tidyPunctuation('Quoi ? Non ! Voici : « bien » .', 'fr')).toBe('Quoi ? Non ! Voici : « bien ».');
  });

  it('opens Spanish questions and exclamations', () => {
    expect(tidyPunctuation('Dónde vas? Te lo dije. Para!', 'es')).toBe('¿Dónde vas? Te lo dije. ¡Para!');
    expect(tidyPunctuation('Dónde\nvas?', 'es-MX')).toBe('¿Dónde\nvas?');
    expect(tidyPunctuation('- Quién es?\n- Soy yo!', 'es')).toBe('- ¿Quién es?\n- ¡Soy yo!');
    expect(tidyPunctuation('<i>Qué pasa?</i>', 'es')).toBe('<i>¿Qué pasa?</i>');
    expect(tidyPunctuation('"Vete!"', 'es')).toBe('"¡Vete!"');
    expect(tidyPunctuation('Qué?!', 'es')).toBe('¿Qué?!');
  });

  it('leaves opened, markless and non-Spanish sentences as they are', () => {
    expect(tidyPunctuation('¿Dónde vas?', 'es')).toBe('¿Dónde vas?');
    expect(tidyPunctuation('¡Qué frío hace?', 'es')).toBe('¡Qué frío hace?');
    expect(tidyPunctuation('?', 'es')).toBe('?');
    expect(tidyPunctuation('...!', 'es')).toBe('...!');
    expect(tidyPunctuation('Son las 3.30, vale?', 'es')).toBe('¿Son las 3.30, vale?');
    expect(tidyPunctuation('Where are you?', 'en')).toBe('Where are you?');
  });

  it('changes nothing a second time', () => {
    for (const [text, lang] of [
      ['Dónde vas ? Para !', 'es'],
      ['Quoi ? Non .', 'fr'],
      ['- Quién es?\n- Soy yo!', 'es'],
    ] as const) {
      const once = tidyPunctuation(text, lang);
      expect(tidyPunctuation(once, lang)).toBe(once);
    }
  });
});
