import type { Messages } from '@subtrans/locales';

// zh's texts are the reference: `t('no.such.key')` fails the typecheck
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
